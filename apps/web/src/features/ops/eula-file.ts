import type { OpsEulaBody } from '@store/core';

// A product's EULA is a PDF or an HTML page (docs/spec.md §3: the EULA answer is a PDF or HTML); the
// server sanitizes HTML as the catalogue does.

export const EULA_ACCEPT = 'application/pdf,text/html,.pdf,.html,.htm';

export function eulaFormat(file: { name: string; type: string }): 'pdf' | 'html' | null {
  const name = file.name.toLowerCase();
  if (file.type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (file.type === 'text/html' || name.endsWith('.html') || name.endsWith('.htm')) return 'html';
  return null;
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for multi-megabyte PDFs.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The upload body: a PDF as base64, an HTML page as its text; null for any other kind of file. */
export async function eulaBody(file: File): Promise<OpsEulaBody | null> {
  const format = eulaFormat(file);
  if (format === 'pdf') return { kind: 'pdf', pdfBase64: base64Of(new Uint8Array(await file.arrayBuffer())) };
  if (format === 'html') return { kind: 'html', html: await file.text() };
  return null;
}
