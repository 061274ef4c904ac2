import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd, PAY_BILLS_PATH, PaymentMessages } from '@store/core';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list';
import { showAlert } from '../../../features/alert';
import { OpenBillCard, useOpenBills, usePayBill, usePaymentAuthentication } from '../../../features/payments';

/**
 * Pay Bills (docs/decisions/024): the organization's card bills still owed, each paid with the card
 * on file while the admin is present, so the bank can ask for authentication (3-D Secure) here. The
 * renewal mail links to it when the bank refused a renewal until the cardholder authenticates.
 */
export default function PayBillsScreen() {
  const bills = useOpenBills();
  const { authenticate, challenge } = usePaymentAuthentication();
  const pay = usePayBill(authenticate);
  const open = bills.data ?? [];

  const onPay = (orderId: number) =>
    pay.mutate(orderId, {
      onSuccess: (result) => {
        if (result.paid)
          showAlert({ type: 'success', text: PaymentMessages.paid(formatUsd(result.totalCents)) });
      },
    });

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Title order={1}>Pay Bills</Title>
      {challenge}
      <Text>
        Paying charges the card on file now. Your bank may ask you to confirm the payment.{' '}
        <Anchor
          component={Link}
          to={`/ModifyBillingInfo?${new URLSearchParams({ returnUrl: PAY_BILLS_PATH })}`}
        >
          Use another card
        </Anchor>
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
        <CardList label="Bills to pay">
          {open.map((bill) => (
            <OpenBillCard
              key={bill.orderId}
              bill={bill}
              paying={pay.isPending && pay.variables === bill.orderId}
              disabled={pay.isPending}
              onPay={onPay}
            />
          ))}
        </CardList>
      )}
    </Stack>
  );
}
