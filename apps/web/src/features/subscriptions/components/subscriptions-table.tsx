import { Badge, Button, Collapse, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  formatMediumDate,
  isArtistPlan,
  isCancelled,
  productLabel,
  type SubscriptionDetail,
  subscriptionStatusText,
  type Viewer,
} from '@store/core';
import { Fragment, useEffect, useState } from 'react';
import { SubscriptionEditor } from './subscription-editor';

export const DETAIL_ROW_TRANSITION_MS = 225;

export interface SubscriptionsTableProps {
  subscriptions: SubscriptionDetail[];
  viewer: Viewer;
  /** Perpetual accounts see product, name and edit only (spec §2). */
  perpetual: boolean;
  expandedId: number | null;
  onToggle(subscriptionId: number): void;
}

const totalDesigners = (s: SubscriptionDetail) =>
  isArtistPlan(s.plan) ? '-' : String(s.plan.numAutoTags + s.xtraAutoTags);
const date = (d: string | null) => (d ? formatMediumDate(d) : '-');

/** The subscriptions table with one expandable detail row per subscription (spec §2). */
export function SubscriptionsTable({
  subscriptions,
  viewer,
  perpetual,
  expandedId,
  onToggle,
}: SubscriptionsTableProps) {
  const columns = perpetual ? 3 : 7;
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table
        miw={perpetual ? 420 : 860}
        verticalSpacing="sm"
        highlightOnHover={false}
        aria-label={perpetual ? 'Products' : 'Subscriptions'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            {!perpetual && (
              <>
                <Table.Th scope="col">Total Designers</Table.Th>
                <Table.Th scope="col">Next Billing Date</Table.Th>
                <Table.Th scope="col">Start New Month</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </>
            )}
            <Table.Th scope="col">
              <VisuallyHidden>Edit</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((s) => {
            const expanded = expandedId === s.subscriptionId;
            const cancelled = isCancelled(s);
            return (
              <Fragment key={s.subscriptionId}>
                <Table.Tr data-testid={`row-${s.subscriptionId}`} bg={expanded ? 'brand.0' : undefined}>
                  <Table.Td>{productLabel(s.product)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {s.description}
                    </Text>
                    {s.ownerName && (
                      <Text size="xs" c="dimmed">
                        {s.ownerName}
                      </Text>
                    )}
                  </Table.Td>
                  {!perpetual && (
                    <>
                      <Table.Td>{totalDesigners(s)}</Table.Td>
                      <Table.Td>{date(s.nextBaseBillingDate)}</Table.Td>
                      <Table.Td>{date(s.nextOverageBillingDate)}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="dot"
                          color={cancelled ? 'gray' : 'teal'}
                          tt="none"
                          size="md"
                          radius="sm"
                        >
                          {subscriptionStatusText(s)}
                        </Badge>
                        {s.isOfflineEnabled && (
                          <Badge variant="outline" color="brand" tt="none" size="md" radius="sm" ml={6}>
                            Offline
                          </Badge>
                        )}
                      </Table.Td>
                    </>
                  )}
                  <Table.Td ta="right">
                    {!cancelled && (
                      <Button
                        size="xs"
                        variant={expanded ? 'filled' : 'light'}
                        aria-expanded={expanded}
                        aria-controls={`detail-${s.subscriptionId}`}
                        aria-label={`Edit ${s.description}`}
                        onClick={() => onToggle(s.subscriptionId)}
                      >
                        Edit
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
                <DetailRow subscription={s} viewer={viewer} expanded={expanded} columns={columns} />
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The detail row keeps its content while collapsing, so both directions animate. */
function DetailRow({
  subscription,
  viewer,
  expanded,
  columns,
}: {
  subscription: SubscriptionDetail;
  viewer: Viewer;
  expanded: boolean;
  columns: number;
}) {
  const [rendered, setRendered] = useState(expanded);
  useEffect(() => {
    if (expanded) {
      setRendered(true);
      return;
    }
    // Unmount once the collapse has run, so a closed row holds no form.
    const timer = setTimeout(() => setRendered(false), DETAIL_ROW_TRANSITION_MS + 50);
    return () => clearTimeout(timer);
  }, [expanded]);
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} p={0} style={expanded ? undefined : { borderBottom: 'none' }}>
        <Collapse
          in={expanded}
          transitionDuration={DETAIL_ROW_TRANSITION_MS}
          id={`detail-${subscription.subscriptionId}`}
          data-detail-open={expanded}
        >
          {(expanded || rendered) && <SubscriptionEditor subscription={subscription} viewer={viewer} />}
        </Collapse>
      </Table.Td>
    </Table.Tr>
  );
}
