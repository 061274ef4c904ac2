import { MantineProvider } from '@mantine/core';
import { type OpsBillDetail, RefundMessages } from '@store/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../../test/support/match-media';
import { BillActions } from './bill-actions';
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
    return new Response(JSON.stringify(url.endsWith('/refunds') ? refundAnswer(body) : { ok: true }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  sent.mockClear();
});

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
};

/** Types into the confirmation dialog's field and confirms with its button. */
async function confirmWith(field: string, typed: string, button: RegExp) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: field }), typed);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('Mark paid', () => {
  it('names the field as labelled, asks to confirm the amount and the customer, then sends the trimmed reference', async () => {
    show(<MarkPaidForm bill={invoice} />);
    const button = screen.getByRole('button', { name: 'Mark paid' });
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
    await confirmWith('Bill total (USD)', '123.45', /Mark \$123\.45 paid/);
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('/api/ops/bills/12/mark-paid', { reference: 'SEPA 42' }),
    );
  });

  it('sends nothing when what is typed is not the amount', async () => {
    show(<MarkPaidForm bill={invoice} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'SEPA 44');
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await confirmWith('Bill total (USD)', '12345', /Mark \$123\.45 paid/);
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
    lines: [],
    byInvoice: true,
    openInvoice: false,
  },
  attempts: [],
  refunds: [],
};

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
    expect(await screen.findByText(RefundMessages.offlineMethodRequired(7))).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /How the money went back/ }), 'SEPA 43');
    await userEvent.click(button);
    expect(await screen.findByText('Refund $20.00 of bill #7 to Acme.')).toBeTruthy();
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
