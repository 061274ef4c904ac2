import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  billMention,
  billMentionFirst,
  billStatusText,
  formatLongDate,
  formatShortDate,
  formatUsd,
  type OpenBill,
} from '@store/core';

export interface OpenBillCardProps {
  bill: OpenBill;
  paying: boolean;
  /** Another bill is being paid: one payment at a time. */
  disabled: boolean;
  onPay(orderId: number): void;
}

/** One bill still owed: what it is for, why it is unpaid, and Pay. */
export function OpenBillCard({ bill, paying, disabled, onPay }: OpenBillCardProps) {
  const label = billMentionFirst(bill);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-label={label}
      data-testid={`open-bill-${bill.orderId}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Group gap="xs">
            <Text fw={650}>{label}</Text>
            <Badge color="red.9" variant="filled">
              {billStatusText(bill.status)}
            </Badge>
          </Group>
          <Text fw={800} size="lg">
            {formatUsd(bill.totalCents)}
          </Text>
        </Group>
        <Text size="sm">{bill.description}</Text>
        <Text size="sm" c="dimmed">
          Billed {formatShortDate(bill.billingDate)}
          {bill.dueDate ? ` · pay by ${formatLongDate(bill.dueDate)} to keep the subscription active` : ''}
        </Text>
        {bill.failureMessage && (
          <Text size="sm" c="red.9">
            Last attempt: {bill.failureMessage}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {bill.inProgress && (
            <Text size="xs" c="dimmed">
              A payment is in progress
            </Text>
          )}
          <Button
            onClick={() => onPay(bill.orderId)}
            loading={paying}
            disabled={disabled || bill.inProgress}
            aria-label={`Pay ${billMention(bill)}`}
          >
            Pay
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
