import { describe, expect, it } from 'vitest';
import { eulaBody, eulaFormat } from './eula-file';

describe('EULA files', () => {
  it('knows a PDF or an HTML page by type or by name, and nothing else', () => {
    expect(eulaFormat({ name: 'terms.PDF', type: '' })).toBe('pdf');
    expect(eulaFormat({ name: 'x', type: 'application/pdf' })).toBe('pdf');
    expect(eulaFormat({ name: 'terms.htm', type: '' })).toBe('html');
    expect(eulaFormat({ name: 'terms.docx', type: 'application/msword' })).toBeNull();
  });

  it('sends a PDF as base64 and an HTML page as text', async () => {
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff])], 'a.pdf', {
      type: 'application/pdf',
    });
    expect(await eulaBody(pdf)).toEqual({ kind: 'pdf', pdfBase64: 'JVBERv8=' });
    const html = new File(['<p>Agree</p>'], 'a.html', { type: 'text/html' });
    expect(await eulaBody(html)).toEqual({ kind: 'html', html: '<p>Agree</p>' });
    expect(await eulaBody(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBeNull();
  });
});
