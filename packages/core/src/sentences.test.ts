import { describe, expect, it } from 'vitest';
import { endSentence } from './sentences';

describe('endSentence', () => {
  it.each([
    ['All items are billed to Demo Documents Inc.', 'All items are billed to Demo Documents Inc.'],
    ['All items are billed to Demo Documents', 'All items are billed to Demo Documents.'],
    ['Billed to Yahoo!', 'Billed to Yahoo!'],
    ['Billed to Acme Ltd. ', 'Billed to Acme Ltd.'],
  ])('%j → %j', (text, expected) => {
    expect(endSentence(text)).toBe(expected);
  });
});
