import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider on this machine for the single sign-on tests (docs/decisions/037):
 * its own self-signed certificate made at start, metadata at /metadata, AuthnRequests by
 * HTTP-Redirect at /sso, answered by a page that posts a signed Response to the request's ACS (as
 * the HTTP-POST binding does, in a browser or read by a test). `tamper` makes the next answer wrong
 * in one of the ways a misconfigured or hostile provider would.
 */
export type SamlTamper =
  | 'unsigned'
  | 'foreign-signature'
  | 'audience'
  | 'issuer'
  | 'in-response-to'
  | 'fixed-assertion-id'
  | null;

export interface SamlTestIdp {
  entityId: string;
  metadataUrl: string;
  metadataXml: string;
  /** The next sign-in vouches for this address. */
  signInAs(email: string, opts?: { firstName?: string; lastName?: string }): void;
  tamper(change: SamlTamper): void;
  /** Follows a redirect to /sso as a browser would: the form's target and its SAMLResponse. */
  answer(location: string): Promise<{ acs: string; samlResponse: string }>;
  close(): Promise<void>;
}

const SAML = 'urn:oasis:names:tc:SAML:2.0';
const LIFETIME_MS = 5 * 60_000;

const keyPair = async (name: string) => {
  const made = await generate([{ name: 'commonName', value: name }], { keySize: 2048, algorithm: 'sha256' });
  return { key: made.private, cert: made.cert, base64: made.cert.replace(/-----[^-]+-----|\s/g, '') };
};

/** `now`: the provider's clock, the store's in a test that moves time (its answers are judged by it). */
export async function startSamlTestIdp(now: () => Date = () => new Date()): Promise<SamlTestIdp> {
  const own = await keyPair('Store test SAML IdP');
  const stranger = await keyPair('Someone else');
  let account = { email: 'person@acme-sso.test', firstName: 'Pat', lastName: 'Person' };
  let tamper: SamlTamper = null;
  const fixedAssertionId = `_fixed${randomUUID()}`;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${own.base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  /** A Response to the request, its assertion signed (or not, or by a stranger) as `tamper` says. */
  function respond(request: { id: string; acs: string; audience: string }) {
    const change = tamper;
    tamper = null;
    const at = now();
    const until = new Date(at.getTime() + LIFETIME_MS).toISOString();
    const issuer = change === 'issuer' ? 'https://idp.somewhere-else.example' : entityId;
    const audience = change === 'audience' ? 'https://another-app.example/sp' : request.audience;
    const inResponseTo = change === 'in-response-to' ? `_forged${randomUUID()}` : request.id;
    const assertionId = change === 'fixed-assertion-id' ? fixedAssertionId : `_a${randomUUID()}`;
    const attr = (name: string, value: string) =>
      `<saml:Attribute Name="${name}"><saml:AttributeValue>${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`;
    const assertion = `<saml:Assertion xmlns:saml="${SAML}:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${at.toISOString()}"><saml:Issuer>${issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(account.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${inResponseTo}" NotOnOrAfter="${until}" Recipient="${request.acs}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at.toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${at.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attr('email', account.email)}${attr('firstName', account.firstName)}${attr('lastName', account.lastName)}</saml:AttributeStatement></saml:Assertion>`;
    const response = `<samlp:Response xmlns:samlp="${SAML}:protocol" xmlns:saml="${SAML}:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${at.toISOString()}" Destination="${request.acs}" InResponseTo="${inResponseTo}"><saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${SAML}:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    if (change === 'unsigned') return response;
    const signer = new SignedXml({
      privateKey: change === 'foreign-signature' ? stranger.key : own.key,
      publicCert: change === 'foreign-signature' ? stranger.cert : own.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(response, {
      prefix: 'ds',
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return signer.getSignedXml();
  }

  /** Reads the AuthnRequest the store sent by HTTP-Redirect (deflated, base64). */
  function readRequest(url: URL) {
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
      'utf8',
    );
    const pick = (pattern: RegExp) => pattern.exec(xml)?.[1] ?? '';
    return {
      id: pick(/\sID="([^"]+)"/),
      acs: pick(/AssertionConsumerServiceURL="([^"]+)"/),
      audience: pick(/<(?:saml2?:)?Issuer[^>]*>([^<]+)</),
    };
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/metadata') {
      res.setHeader('content-type', 'application/samlmetadata+xml');
      return res.end(metadataXml);
    }
    if (url.pathname === '/sso') {
      const request = readRequest(url);
      const samlResponse = Buffer.from(respond(request)).toString('base64');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      // The HTTP-POST binding: the browser posts the answer to the ACS by itself.
      return res.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head>
<body onload="document.forms[0].submit()"><main><h1>Test identity provider</h1>
<form method="post" action="${xmlEscape(request.acs)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">
<button type="submit">Continue</button></form></main></body></html>`);
    }
    res.statusCode = 404;
    res.end('not found');
  });

  return {
    entityId,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    signInAs(email, opts = {}) {
      account = { email, firstName: opts.firstName ?? 'Pat', lastName: opts.lastName ?? 'Person' };
    },
    tamper(change) {
      tamper = change;
    },
    async answer(location) {
      const html = await (await fetch(location)).text();
      const acs = /action="([^"]+)"/.exec(html)?.[1] ?? '';
      const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1] ?? '';
      return { acs: acs.replace(/&amp;/g, '&'), samlResponse };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
