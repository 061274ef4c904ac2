import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

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

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'blockquote',
  'hr',
];
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * docs/design.md §4: HTML EULAs are sanitized. Everything is escaped first, then only bare formatting
 * tags (no attributes at all, so no handlers, styles or links) are let back in: nothing can execute.
 */
export function sanitizeEulaHtml(html: string): string {
  const escaped = html.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  const pattern = new RegExp(`&lt;(/?)(${ALLOWED_TAGS.join('|')})\\s*(/?)&gt;`, 'gi');
  return escaped.replace(pattern, (_m, close: string, tag: string) => `<${close}${tag.toLowerCase()}>`);
}
