import { X509Certificate } from 'node:crypto';
import { SsoMessages } from '@store/core';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { badRequest } from '../../lib/domain-error';

/** What the store keeps of a SAML identity provider's metadata (docs/decisions/037). */
export interface IdpMetadata {
  entityId: string;
  /** Where the AuthnRequest goes, HTTP-Redirect binding. */
  ssoUrl: string;
  /** Signing certificates, base64 DER (what node-saml's idpCert takes). */
  certificates: string[];
}

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const METADATA_FETCH_TIMEOUT_MS = 5_000;
export const METADATA_FETCH_MAX_BYTES = 1_000_000;

const select = (expression: string, node: Node) => xpath.select(expression, node) as Node[];
const attr = (node: Node, name: string) => (node as Element).getAttribute(name) ?? '';

/**
 * Reads an IdP's metadata: its entity id, its HTTP-Redirect sign-in URL and its signing certificates.
 * A federation's EntitiesDescriptor is accepted when it holds one identity provider. Each refusal is
 * a 400 on the field the admin filled.
 */
export function parseIdpMetadata(xml: string, field: 'metadataXml' | 'metadataUrl'): IdpMetadata {
  let doc: Document | undefined;
  try {
    // xmldom resolves no external entity or DTD, so metadata cannot make the server read a file.
    doc = new DOMParser({
      errorHandler: {
        warning: () => {},
        error: (message) => {
          throw new Error(message);
        },
        fatalError: (message) => {
          throw new Error(message);
        },
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    doc = undefined;
  }
  const idps = doc
    ? select("//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]", doc)
    : [];
  if (idps.length !== 1) throw badRequest(SsoMessages.metadataUnreadable, field);
  const entity = idps[0]!;
  const entityId = attr(entity, 'entityID').trim();
  if (!entityId) throw badRequest(SsoMessages.metadataUnreadable, field);
  const descriptor = select("*[local-name()='IDPSSODescriptor']", entity)[0]!;
  const ssoUrl = select("*[local-name()='SingleSignOnService']", descriptor)
    .filter((n) => attr(n, 'Binding') === REDIRECT_BINDING)
    .map((n) => attr(n, 'Location').trim())
    .find(isWebAddress);
  if (!ssoUrl) throw badRequest(SsoMessages.metadataNoSsoUrl, field);
  const certificates = select("*[local-name()='KeyDescriptor']", descriptor)
    // A key without `use` serves both signing and encryption (SAML metadata §2.4.1.1).
    .filter((n) => ['', 'signing'].includes(attr(n, 'use')))
    .flatMap((n) => select(".//*[local-name()='X509Certificate']", n))
    .map((n) => (n.textContent ?? '').replace(/\s+/g, ''))
    .filter(isCertificate);
  if (certificates.length === 0) throw badRequest(SsoMessages.metadataNoCertificate, field);
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

const isWebAddress = (value: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const isCertificate = (base64: string) => {
  try {
    new X509Certificate(Buffer.from(base64, 'base64'));
    return true;
  } catch {
    return false;
  }
};

/**
 * Reads metadata from the URL an admin gave, once per save: a time limit and a size limit, so a
 * slow or endless answer cannot hold the request. The URL passed the schema (https, or http on this
 * machine, as an OpenID issuer).
 */
export async function fetchIdpMetadata(url: string): Promise<IdpMetadata> {
  const failed = () => badRequest(SsoMessages.metadataFetchFailed, 'metadataUrl');
  let text: string;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(METADATA_FETCH_TIMEOUT_MS),
      redirect: 'error',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
    if (!res.ok || !res.body) throw failed();
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > METADATA_FETCH_MAX_BYTES) {
        await reader.cancel();
        throw failed();
      }
      chunks.push(Buffer.from(part.value));
    }
    text = Buffer.concat(chunks).toString('utf8');
  } catch {
    throw failed();
  }
  return parseIdpMetadata(text, 'metadataUrl');
}
