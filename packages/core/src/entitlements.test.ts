import { describe, expect, it } from 'vitest';
import {
  EntitlementListSchema,
  EntitlementMessages,
  entitlementsObject,
  MAX_ENTITLEMENTS,
  meetsNeed,
  parseEntitlement,
  sortEntitlements,
  unmetNeed,
} from './entitlements';

const messages = (list: unknown) => EntitlementListSchema.safeParse(list).error?.issues.map((i) => i.message);

describe('the entitlement grammar', () => {
  it('reads a bare name as true, digits as a number and anything else as a token', () => {
    expect(parseEntitlement('ocr')).toEqual({ name: 'ocr', value: true });
    expect(parseEntitlement('max-pages-per-document=500')).toEqual({
      name: 'max-pages-per-document',
      value: 500,
    });
    expect(parseEntitlement('max-pages=0')).toEqual({ name: 'max-pages', value: 0 });
    expect(parseEntitlement('pdf-a=2b')).toEqual({ name: 'pdf-a', value: '2b' });
    expect(parseEntitlement('sdk=3.2_lts')).toEqual({ name: 'sdk', value: '3.2_lts' });
    expect(parseEntitlement(`${'a'.repeat(40)}=${'b'.repeat(40)}`)).toEqual({
      name: 'a'.repeat(40),
      value: 'b'.repeat(40),
    });
  });

  it.each([
    ['OCR', 'name'],
    ['-ocr', 'name'],
    ['pdf_a', 'name'],
    ['a'.repeat(41), 'name'],
    ['', 'name'],
    ['=5', 'name'],
    ['ocr engine', 'name'],
    ['pages=', 'value'],
    ['pages=007', 'value'],
    ['pages=1000000000', 'value'],
    ['pages=-1', 'value'],
    ['edition=Pro', 'value'],
    ['a=b=c', 'value'],
    [`pages=${'x'.repeat(41)}`, 'value'],
  ] as const)('refuses %j, saying what is wrong with its %s', (text, part) => {
    expect(parseEntitlement(text)).toEqual({ error: EntitlementMessages[part](text) });
    expect(messages([text])).toEqual([EntitlementMessages[part](text)]);
  });

  it('says exactly what is wrong, in words the operator reads', () => {
    expect(messages(['OCR'])).toEqual([
      'Entitlement "OCR": a name is 1 to 40 lowercase letters, digits and hyphens, starting with a letter or digit',
    ]);
    expect(messages(['pages=007'])).toEqual([
      'Entitlement "pages=007": the value after = is a whole number below 1000000000 without leading zeros, or up to 40 lowercase letters, digits, dots, hyphens and underscores',
    ]);
  });

  it('refuses a name listed twice, even with another value', () => {
    expect(messages(['ocr', 'pages=5', 'ocr'])).toEqual(['Entitlement ocr is listed more than once']);
    expect(messages(['pages=5', 'pages=6'])).toEqual(['Entitlement pages is listed more than once']);
  });

  it(`takes up to ${MAX_ENTITLEMENTS} and refuses more`, () => {
    const list = Array.from({ length: MAX_ENTITLEMENTS }, (_, i) => `feature-${i}`);
    expect(EntitlementListSchema.safeParse(list).success).toBe(true);
    expect(messages([...list, 'one-more'])).toEqual(['A plan has at most 50 entitlements']);
  });

  it('trims what the operator typed and takes an empty list', () => {
    expect(EntitlementListSchema.parse([' ocr '])).toEqual(['ocr']);
    expect(EntitlementListSchema.parse([])).toEqual([]);
    expect(messages('ocr')).toEqual(['Entitlements must be a list']);
  });
});

describe("the engines' form", () => {
  it('sorts by name and gives each name its value', () => {
    expect(sortEntitlements(['pdf-a', 'ocr', 'max-pages-per-document=500', 'barcodes'])).toEqual([
      'barcodes',
      'max-pages-per-document=500',
      'ocr',
      'pdf-a',
    ]);
    const object = entitlementsObject(['pdf-a', 'ocr', 'max-pages-per-document=500', 'edition=pro']);
    expect(object).toEqual({ edition: 'pro', 'max-pages-per-document': 500, ocr: true, 'pdf-a': true });
    expect(Object.keys(object)).toEqual(['edition', 'max-pages-per-document', 'ocr', 'pdf-a']);
    expect(JSON.stringify(entitlementsObject([]))).toBe('{}');
  });
});

describe("a job's needs", () => {
  const has = entitlementsObject(['ocr', 'max-pages-per-document=500', 'edition=pro']);

  it('a bare need wants the feature, whatever its value', () => {
    expect(meetsNeed(has, 'ocr')).toBe(true);
    expect(meetsNeed(has, 'max-pages-per-document')).toBe(true);
    expect(meetsNeed(has, 'barcodes')).toBe(false);
  });

  it('a number is a limit: the need is met up to it', () => {
    expect(meetsNeed(has, 'max-pages-per-document=500')).toBe(true);
    expect(meetsNeed(has, 'max-pages-per-document=501')).toBe(false);
    expect(meetsNeed(has, 'ocr=1')).toBe(false);
  });

  it('a token must match exactly, and a malformed need is never met', () => {
    expect(meetsNeed(has, 'edition=pro')).toBe(true);
    expect(meetsNeed(has, 'edition=enterprise')).toBe(false);
    expect(meetsNeed(has, 'OCR')).toBe(false);
  });

  it('names the first need that is not met', () => {
    expect(unmetNeed(has, ['ocr', 'pdf-a', 'barcodes'])).toBe('pdf-a');
    expect(unmetNeed(has, ['ocr', 'max-pages-per-document=4'])).toBeNull();
    expect(unmetNeed({}, [])).toBeNull();
  });
});
