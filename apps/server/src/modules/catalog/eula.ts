import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sanitizeHtml from 'sanitize-html';

import { assetsDir } from '../../paths';

const cache = new Map<string, Promise<string>>();

/** The EULA PDF of a product as base64 (read once per file); only plain file names under assets/. */
export function eulaPdfBase64(fileName: string): Promise<string> {
  const safe = basename(fileName);
  let hit = cache.get(safe);
  if (!hit) {
    hit = readFile(join(assetsDir, safe)).then((b) => b.toString('base64'));
    hit.catch(() => cache.delete(safe));
    cache.set(safe, hit);
  }
  return hit;
}

/** A document's structure and emphasis; no media, forms, frames or scripts. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'sub',
  'sup',
  'blockquote',
  'hr',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'section',
  'article',
  'div',
  'span',
  'a',
];

/**
 * docs/design.md §4: HTML EULAs are sanitized, and shown as documents (docs/decisions/032). A
 * maintained parser (sanitize-html) keeps the allowed elements and drops every attribute but a
 * link's http(s) or mailto address; a disallowed element is unwrapped to its text, and scripts,
 * styles and the page's head are dropped with their content, so an uploaded page's markup never
 * reaches the customer as literal tags and nothing in it can execute.
 */
export function sanitizeEulaHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template'],
    allowedSchemesAppliedToAttributes: ['href'],
  }).trim();
}
