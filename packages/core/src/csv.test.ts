import { describe, expect, it } from 'vitest';
import { BillStatus, billName, billStatusesOf } from './bill-status';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          [null, 3],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n,3\r\n');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(toCsv(['name'], [['=HYPERLINK("x")'], ['-1+2'], ['@SUM(A1)']])).toBe(
      'name\r\n"\'=HYPERLINK(""x"")"\r\n\'-1+2\r\n\'@SUM(A1)\r\n',
    );
    expect(toCsv(['total'], [[-12.5]])).toBe('total\r\n-12.5\r\n');
  });
});

describe('bills by name and status', () => {
  it('names a bill by its invoice number, or by its order before it has one', () => {
    expect(billName({ orderId: 42, invoiceNumber: '2026-000042' })).toBe('2026-000042');
    expect(billName({ orderId: 139, invoiceNumber: null })).toBe('Order 139');
  });

  it('finds every status code of a label', () => {
    expect(billStatusesOf('Past Due').sort()).toEqual(
      [BillStatus.ChargePastDue, BillStatus.OfflinePastDue].sort(),
    );
    expect(billStatusesOf('Un-Paid')).toEqual([BillStatus.UnPaid]);
  });
});
