import { Badge } from '@mantine/core';

// Dark shades: white on Mantine's default filled colours is under 4.5:1 (WCAG AA).
const COLOURS: Record<string, string> = {
  Paid: 'teal.9',
  'Past Due': 'red.9',
  'Un-Paid': 'red.9',
  Pending: 'orange.9',
  Invoiced: 'blue.9',
  Void: 'gray.7',
  Uncollectible: 'grape.9',
};

/** A bill's status as the console lists it: its label (Billing History's words) in a coloured badge. */
export function BillStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLOURS[status] ?? 'gray.7'} variant="filled" tt="none">
      {status}
    </Badge>
  );
}
