import { Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { cardBrandName, formatUsd, PaymentMessages, type PaymentResult } from '@store/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list';
import { showAlert } from '../../../features/alert';
import { useCurrentOrganization } from '../../../features/auth';
import { useBillingDescription } from '../../../features/billing-info/api/get-billing-description';
import { useCountryCodes } from '../../../features/billing-info/api/get-country-codes';
import { BillingForm } from '../../../features/billing-info/components/billing-form';
import {
  OpenBillCard,
  openBillsQueryOptions,
  useOpenBills,
  usePayBill,
  usePaymentAuthentication,
} from '../../../features/payments';

/**
 * Pay Bills, dunning's pay-now page (docs/decisions/024, 042): the organization's card bills still owed,
 * each paid while the customer is present, so the bank can ask for authentication (3-D Secure) here.
 * Every dunning mail and the Subscriptions row of an unpaid subscription lead here. A bill is paid with
 * the card on file, or with a new card entered on the page: saved as the billing information, then the
 * bills still open are paid with it at once, the bank's challenge shown where it asks.
 */
export default function PayBillsScreen() {
  const queryClient = useQueryClient();
  const bills = useOpenBills();
  const billing = useBillingDescription();
  const { authenticate, challenge } = usePaymentAuthentication();
  const pay = usePayBill(authenticate);
  const [newCard, setNewCard] = useState(false);
  const open = bills.data ?? [];

  const paid = (result: PaymentResult) => {
    if (result.paid) showAlert({ type: 'success', text: PaymentMessages.paid(formatUsd(result.totalCents)) });
  };
  const onPay = (orderId: number) => pay.mutate(orderId, { onSuccess: paid });

  /** The new card is on file (and was tried off-session at once): what is still owed is paid with it now. */
  const payWithNewCard = async () => {
    setNewCard(false);
    void billing.refetch();
    for (const bill of await queryClient.fetchQuery({ ...openBillsQueryOptions, staleTime: 0 })) {
      if (bill.inProgress) continue;
      try {
        paid(await pay.mutateAsync(bill.orderId));
      } catch {
        // The refusal is in the alert banner; the next bill waits for the customer.
        return;
      }
    }
  };

  const card = billing.data?.cardLastFour
    ? `${cardBrandName(billing.data.cardBrand)} ending in ${billing.data.cardLastFour}`
    : null;

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Title order={1}>Pay Bills</Title>
      {challenge}
      <Text>
        {card ? `Pay now with the card on file (${card}) or a new card.` : 'Pay now with a new card.'} Your
        bank may ask you to confirm the payment.
      </Text>
      {bills.isPending ? (
        <Loader aria-label="Loading bills" />
      ) : open.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600}>You have no bills to pay.</Text>
          <Anchor component={Link} to="/BillingHistory">
            See your Billing History
          </Anchor>
        </Paper>
      ) : (
        <>
          <CardList label="Bills to pay">
            {open.map((bill) => (
              <OpenBillCard
                key={bill.orderId}
                bill={bill}
                paying={pay.isPending && pay.variables === bill.orderId}
                disabled={pay.isPending || newCard || !card}
                onPay={onPay}
              />
            ))}
          </CardList>
          {newCard ? (
            <NewCardPanel onCancel={() => setNewCard(false)} onSaved={() => void payWithNewCard()} />
          ) : (
            <Button variant="light" onClick={() => setNewCard(true)} disabled={pay.isPending} maw={260}>
              Pay with a new card
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** The billing-information form, here to pay with a new card: saved, then the bills are paid with it. */
function NewCardPanel({ onCancel, onSaved }: { onCancel(): void; onSaved(): void }) {
  const current = useBillingDescription();
  const organization = useCurrentOrganization();
  const countries = useCountryCodes();
  const ready = current.data && countries.data && !organization.isPending;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="A new card">
      <Title order={2} size="h4" mb="sm">
        A new card
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        It becomes the card on file for renewals, and pays the bills above at once.
      </Text>
      {ready ? (
        <BillingForm
          current={current.data}
          organization={organization.data}
          countries={countries.data ?? []}
          cancelTo="/PayBills"
          onCancel={onCancel}
          onUpdated={onSaved}
          submitLabel="Save card and pay"
        />
      ) : (
        <Loader aria-label="Loading the card form" />
      )}
    </Paper>
  );
}
