import { MantineProvider } from '@mantine/core';
import { type OpsBillDetail, RefundMessages } from '@store/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../../test/support/match-media';
import { BillActions } from './bill-actions';
import { BillCollection } from './bill-collection';
import { MarkPaidForm } from './mark-paid-form';

// The operator's forms get their state and messages from the one form mechanism (lib/form.ts).

const sent = vi.fn();
const refundAnswer = (body: { amount: number; reason: string; offlineMethod?: string }) => ({
  refund: {
    refundId: 1,
    orderId: 7,
    amount: body.amount,
    reason: body.reason,
    status: 'succeeded',
    offlineMethod: body.offlineMethod ?? null,
    endSubscription: false,
    creditNoteNumber: '2026-000001',
    failureMessage: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    refundedAt: '2026-01-02T00:00:00.000Z',
  },
  message: 'Refunded.',
  endedSubscriptionIds: [],
});
beforeAll(() => {
  stubMatchMedia();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    sent(url, body);
    const answer = url.endsWith('/refunds')
      ? refundAnswer(body)
      : /\/(mark-paid|retry|void|write-off)$/.test(url)
        ? actionAnswer
        : { ok: true };
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  sent.mockClear();
});
// The test files of a worker share their globals (vitest.config.ts): the next file gets its own fetch.
afterAll(() => vi.unstubAllGlobals());

const actionAnswer = {
  orderId: 12,
  organizationId: 2,
  organizationName: 'Acme',
  kind: 'renewal',
  status: 'Paid',
  total: 123.45,
  billDate: '2026-01-01T00:00:00.000Z',
  message: "Bill 2026-000012 is paid: $123.45 received by 'SEPA 42'.",
};

const show = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );

const invoice: OpsBillDetail['bill'] = {
  orderId: 12,
  organizationId: 2,
  organizationName: 'Acme',
  kind: 'renewal',
  status: 'Invoiced',
  total: 123.45,
  billDate: '2026-01-01T00:00:00.000Z',
  invoiceNumber: '2026-000012',
  lines: [],
  byInvoice: true,
  openInvoice: true,
  chargeInFlight: false,
  actions: { retry: false, recordPayment: true, void: true, writeOff: true },
};

/** Types into the confirmation dialog's field and confirms with its button. */
async function confirmWith(field: string, typed: string, button: RegExp) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: field }), typed);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('Record payment', () => {
  it('names the field as labelled, asks to confirm the amount and the customer, then sends the trimmed reference', async () => {
    const done = vi.fn();
    show(<MarkPaidForm bill={invoice} onDone={done} />);
    const button = screen.getByRole('button', { name: 'Record payment' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('textbox', { name: /Payment reference/ }));
    await userEvent.tab();
    expect(await screen.findByText('Payment reference is required')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Payment reference/ }), ' SEPA 42 ');
    expect(button).toHaveProperty('disabled', false);
    await userEvent.click(button);
    expect(
      await screen.findByText("Record that Acme paid bill 2026-000012, $123.45, by 'SEPA 42'."),
    ).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
    await confirmWith('Bill total (USD)', '123.45', /Record \$123\.45 paid/);
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('/api/ops/bills/12/mark-paid', { reference: 'SEPA 42' }),
    );
    await waitFor(() => expect(done).toHaveBeenCalledWith(actionAnswer));
  });

  it('sends nothing when what is typed is not the amount', async () => {
    show(<MarkPaidForm bill={invoice} onDone={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'SEPA 44');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await confirmWith('Bill total (USD)', '12345', /Record \$123\.45 paid/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).not.toHaveBeenCalled();
  });
});

const paidByInvoice: OpsBillDetail = {
  bill: {
    orderId: 7,
    organizationId: 2,
    organizationName: 'Acme',
    kind: 'purchase',
    status: 'Paid',
    total: 20,
    billDate: '2026-01-01T00:00:00.000Z',
    invoiceNumber: '2026-000007',
    lines: [],
    byInvoice: true,
    openInvoice: false,
    chargeInFlight: false,
    actions: { retry: false, recordPayment: false, void: false, writeOff: false },
  },
  attempts: [],
  refunds: [],
};

const pastDueCard: OpsBillDetail = {
  bill: {
    ...invoice,
    status: 'Past Due',
    invoiceNumber: null,
    byInvoice: false,
    openInvoice: false,
    card: 'Visa ending in 4242',
    nextRetry: '2026-01-03T00:00:00.000Z',
    actions: { retry: true, recordPayment: true, void: true, writeOff: true },
  },
  attempts: [],
  refunds: [],
};

describe('Collection', () => {
  it('offers only what applies: no Retry now on an invoice', () => {
    show(<BillCollection detail={{ bill: invoice, attempts: [], refunds: [] }} />);
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Void bill' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeTruthy();
  });

  it('charges the card again after the amount is confirmed, naming the card and the customer', async () => {
    show(<BillCollection detail={pastDueCard} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(
      await screen.findByText(
        "Charge $123.45 for order 12 to Acme's Visa ending in 4242 now, as a scheduled retry would.",
      ),
    ).toBeTruthy();
    await confirmWith('Bill total (USD)', '123.45', /Charge \$123\.45 now/);
    await waitFor(() => expect(sent).toHaveBeenCalledWith('/api/ops/bills/12/retry', {}));
    expect(await screen.findByText("Bill 2026-000012 is paid: $123.45 received by 'SEPA 42'.")).toBeTruthy();
  });

  it('voids or writes off by the button pressed, with the reason', async () => {
    show(<BillCollection detail={pastDueCard} />);
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'Company closed');
    await userEvent.click(screen.getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText(/Write off order 12 of Acme, \$123\.45, as uncollectible/)).toBeTruthy();
    await confirmWith('Bill total (USD)', '123.45', /Write off \$123\.45/);
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('/api/ops/bills/12/write-off', { reason: 'Company closed' }),
    );
    sent.mockClear();
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Billed twice');
    await userEvent.click(screen.getByRole('button', { name: 'Void bill' }));
    await confirmWith('Bill total (USD)', '123.45', /Void \$123\.45/);
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('/api/ops/bills/12/void', { reason: 'Billed twice' }),
    );
  });
});

describe('Refund', () => {
  it('asks a bill paid by invoice how the money went back, and sends the refund with it', async () => {
    show(<BillActions detail={paidByInvoice} />);
    const button = screen.getByRole('button', { name: 'Refund' });
    // Nothing is prefilled: the operator types the amount.
    expect(screen.getByRole('textbox', { name: /Refund amount/ })).toHaveProperty('value', '');
    await userEvent.type(screen.getByRole('textbox', { name: /Refund amount/ }), '20');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Goodwill');
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('textbox', { name: /How the money went back/ }));
    await userEvent.tab();
    expect(
      await screen.findByText(
        "Bill 2026-000007 was paid by invoice: say how the money went back, e.g. the bank transfer's reference.",
      ),
    ).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /How the money went back/ }), 'SEPA 43');
    await userEvent.click(button);
    expect(await screen.findByText('Refund $20.00 of bill 2026-000007 to Acme.')).toBeTruthy();
    await confirmWith('Amount to refund (USD)', '20.00', /Refund \$20\.00/);
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('/api/ops/bills/7/refunds', {
        amount: 20,
        reason: 'Goodwill',
        endSubscription: false,
        offlineMethod: 'SEPA 43',
      }),
    );
    // The next refund starts with an empty reason and no message about it.
    expect(await screen.findByText('Refunded.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveProperty('value', '');
    expect(screen.queryByText(RefundMessages.reasonRequired)).toBeNull();
  });
});
