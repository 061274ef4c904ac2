import type { BilledTo } from '@store/core';
import PDFDocument from 'pdfkit';
import type { Seller } from '../../config';

// The layout invoices and credit notes share (docs/decisions/016): the seller from configuration
// with its tax id, the document's facts, the customer billed with its tax id, and the footer.

/** How the seller is reached and paid; the legal name, address and tax id come from configuration. */
export const SELLER_CONTACT = {
  email: 'billing@store.example.com',
  bank: 'Bank transfer: First Example Bank, ABA 102000021, account 4470012345',
} as const;

export const GREY = '#5f6b7a';
export const INK = '#1d2733';
export const RULE = '#c9d1db';
export const ACCENT = '#1c5d99';

export type Doc = InstanceType<typeof PDFDocument>;

export interface DocumentFrame {
  doc: Doc;
  done: Promise<Buffer>;
  left: number;
  right: number;
  width: number;
}

/** What pdfkit keeps of a standard font it has opened (its internals, not in its types). */
interface OpenedFont {
  document: unknown;
  id: string;
  dictionary?: unknown;
  embedded?: boolean;
  encode(text: string): [string[], object[]];
  widthOfString(text: string, size: number): number;
}
interface FontTable {
  _fontFamilies: Record<string, OpenedFont>;
  _fontCount: number;
}

const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold']);

/** The font for another document: same class and metrics, not yet written into any PDF. */
const copyOf = (font: OpenedFont, owner: Pick<OpenedFont, 'document' | 'id'>): OpenedFont =>
  Object.assign(Object.create(Object.getPrototypeOf(font)), font, owner, {
    dictionary: undefined,
    embedded: false,
  });
const openedFonts = new Map<string, OpenedFont>();

/** Texts remembered per font before the memory starts again (invoices repeat a few hundred). */
const REMEMBERED_TEXTS = 5_000;

/**
 * A kept font that remembers what it measured: pdfkit looks up each glyph's width and each pair's
 * kerning every time it lays a text out or writes it (a fifth of an invoice's time), and invoices
 * repeat the same labels, headings and dates. Widths are kept at size 1000 and scaled; pdfkit
 * copies, never changes, what `encode` answers. A standard font has no font features to vary by.
 */
function remembering(font: OpenedFont): OpenedFont {
  const encode = font.encode.bind(font);
  const widthOfString = font.widthOfString.bind(font);
  const encoded = new Map<string, [string[], object[]]>();
  const widths = new Map<string, number>();
  const remember = <T>(memory: Map<string, T>, text: string, measure: () => T): T => {
    let found = memory.get(text);
    if (found === undefined) {
      if (memory.size >= REMEMBERED_TEXTS) memory.clear();
      found = measure();
      memory.set(text, found);
    }
    return found;
  };
  font.encode = (text) => remember(encoded, text, () => encode(text));
  // Scaled as pdfkit scales it (the sum of advances times size / 1000), to the same bits.
  font.widthOfString = (text, size) =>
    remember(widths, text, () => widthOfString(text, 1000)) * (size / 1000);
  return font;
}

/**
 * pdfkit parses a standard font's metrics (its AFM widths and kerning pairs) each time a document
 * first uses the font: a third of the time an invoice takes to render, and every receipt mail
 * renders one. The parsed metrics never change, so the first parse is kept for the process and each
 * new document gets its own font object (its own id and PDF object) sharing it.
 */
class StoreDocument extends PDFDocument {
  override font(src: string, family?: string | number, size?: number): this {
    const table = this as unknown as FontTable;
    const kept = openedFonts.get(src);
    if (kept && !table._fontFamilies[src]) {
      table._fontFamilies[src] = copyOf(kept, { document: this, id: `F${++table._fontCount}` });
    }
    super.font(src, family as string, size as number);
    if (!kept && STANDARD_FONTS.has(src)) {
      const opened = table._fontFamilies[src];
      if (opened) openedFonts.set(src, remembering(copyOf(opened, { document: null, id: opened.id })));
    }
    return this;
  }
}

/** A new A4 document; `done` resolves to its bytes after `doc.end()`. */
export function startDocument(info: { title: string; subject: string; seller: Seller }): DocumentFrame {
  const doc = new StoreDocument({
    size: 'A4',
    margin: 50,
    info: { Title: info.title, Author: info.seller.name, Subject: info.subject },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, left: 50, right: doc.page.width - 50, width: doc.page.width - 100 };
}

/** The seller (left), the heading and the document's facts (right); the y below them. */
export function drawHeading(
  { doc, left, right, width }: DocumentFrame,
  seller: Seller,
  heading: string,
  facts: [string, string][],
): number {
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(heading, left, 50, { width, align: 'right' });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(seller.name, left, 50, { width: width - 240 });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const l of seller.addressLines) doc.text(l, { width: width - 240 });
  doc.text(SELLER_CONTACT.email);
  doc.text(`Tax ID: ${seller.taxId}`);
  let y = 80;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, right - 220, y, { width: 100 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, right - 120, y, { width: 120, align: 'right' });
    y += 14;
  }
  return Math.max(y, doc.y) + 24;
}

/** BILL TO (the customer, with its tax id) on the left and a second block on the right; the y below. */
export function drawParties(
  { doc, left, width }: DocumentFrame,
  y: number,
  b: BilledTo,
  side: { title: string; lines: [string, string] },
): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text('BILL TO', left, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(b.company || b.companyName, left, y + 13);
  doc.font('Helvetica').fontSize(9.5);
  const addr = [
    b.name && b.name !== b.company ? `Attn: ${b.name}` : null,
    b.addr1,
    b.addr2,
    [b.city, [b.state, b.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    b.country,
    b.taxId ? `Tax ID: ${b.taxId}` : null,
  ].filter((l): l is string => Boolean(l));
  for (const l of addr) doc.text(l);
  doc.fillColor(GREY).text(`Customer account ${b.organizationId}`);
  const below = doc.y;

  const x = left + width / 2 + 40;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(side.title, x, y);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  doc.text(side.lines[0], x, y + 13, { width: width / 2 - 40 });
  doc.fillColor(GREY).text(side.lines[1], { width: width / 2 - 40 });
  return Math.max(below, doc.y, y + 80) + 20;
}

/**
 * Ends a row of a document's lines: below its lowest text (`bottom`), and no shorter than a row,
 * a hairline; answers where the next row starts.
 */
export function endLineRow({ doc, left, right }: DocumentFrame, y: number, bottom: number): number {
  const next = Math.max(bottom, y + 24) + 8;
  doc
    .moveTo(left, next - 4)
    .lineTo(right, next - 4)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return next;
}

/** Label and figure rows at the right; the y below them. */
export function drawTotals(
  { doc, right }: DocumentFrame,
  y: number,
  rows: [string, string, boolean][],
): number {
  let at = y;
  for (const [label, value, strong] of rows) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(INK);
    doc.text(label, right - 230, at, { width: 120 });
    doc.text(value, right - 110, at, { width: 104, align: 'right' });
    at += strong ? 17 : 14;
  }
  return at;
}

/** The closing note and the seller's line at the foot of the page; ends the document. */
export function finishDocument(
  { doc, left, width, done }: DocumentFrame,
  seller: Seller,
  y: number,
  note: string,
) {
  doc.font('Helvetica').fontSize(9).fillColor(INK).text(note, left, y, { width });
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(
      `${seller.name} | ${SELLER_CONTACT.email} | Tax ID ${seller.taxId}. All amounts in US dollars.`,
      left,
      doc.page.height - 70,
      {
        width,
        align: 'center',
        lineBreak: false,
      },
    );
  doc.end();
  return done;
}
