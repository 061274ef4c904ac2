import { Collapse, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { productLabel, type SubscriptionDetail, type Viewer } from '@store/core';
import { Fragment, useEffect, useState } from 'react';
import { ColumnHeads } from '../../../components/column-heads';
import { usePhone } from '../../../lib/phone';
import { SubscriptionEditor } from './lazy-subscription-editor';
import {
  BILLING_FACT_LABELS,
  billingFacts,
  DETAIL_ROW_TRANSITION_MS,
  EditToggle,
  PaymentDueNotice,
  RowUsageMeter,
  StatusBadges,
  type SubscriptionsTableProps,
  TrialNotice,
} from './subscription-cells';

/** The subscriptions table with one expandable detail row per subscription (spec §2). */
export function SubscriptionsTable(props: SubscriptionsTableProps) {
  // On a phone the table's seven columns do not fit: subscriptions stack as cards instead.
  return usePhone() ? <SubscriptionCards {...props} /> : <WideTable {...props} />;
}

function WideTable({ subscriptions, viewer, perpetual, expandedId, onToggle }: SubscriptionsTableProps) {
  const columns = perpetual ? 3 : 7;
  return (
    // A tablet may still be narrower than the table: it scrolls in its own frame, Product fixed.
    <div className="table-frame">
      <Table
        miw={perpetual ? 420 : 760}
        verticalSpacing="sm"
        highlightOnHover={false}
        aria-label={perpetual ? 'Products' : 'Subscriptions'}
      >
        <ColumnHeads
          names={[
            { name: 'Product', className: 'sticky-first' },
            'Name',
            ...(perpetual ? [] : [...BILLING_FACT_LABELS, 'Status']),
          ]}
          actions="Edit"
        />
        <Table.Tbody>
          {subscriptions.map((s) => {
            const expanded = expandedId === s.subscriptionId;
            return (
              <Fragment key={s.subscriptionId}>
                <Table.Tr
                  data-testid={`row-${s.subscriptionId}`}
                  bg={expanded ? 'brand.0' : undefined}
                  style={expanded ? { '--sticky-bg': 'var(--mantine-color-brand-0)' } : undefined}
                >
                  <Table.Td className="sticky-first">{productLabel(s.product)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {s.description}
                    </Text>
                    {s.ownerName && (
                      <Text size="xs" c="dimmed">
                        {s.ownerName}
                      </Text>
                    )}
                    <RowUsageMeter subscription={s} />
                    <PaymentDueNotice subscription={s} viewer={viewer} />
                    <TrialNotice subscription={s} />
                  </Table.Td>
                  {!perpetual && (
                    <>
                      {billingFacts(s).map((fact) => (
                        <Table.Td key={fact.label}>{fact.value}</Table.Td>
                      ))}
                      <Table.Td>
                        <StatusBadges subscription={s} />
                      </Table.Td>
                    </>
                  )}
                  <Table.Td ta="right">
                    <EditToggle subscription={s} expanded={expanded} onToggle={onToggle} />
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

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** The subscriptions as stacked cards, for a phone: each card opens its editor below it at full width. */
function SubscriptionCards({
  subscriptions,
  viewer,
  perpetual,
  expandedId,
  onToggle,
}: SubscriptionsTableProps) {
  return (
    <Stack gap="sm" component="ul" aria-label={perpetual ? 'Products' : 'Subscriptions'} p={0} m={0}>
      {subscriptions.map((s) => {
        const expanded = expandedId === s.subscriptionId;
        return (
          <Paper
            component="li"
            key={s.subscriptionId}
            withBorder
            radius="md"
            style={{ listStyle: 'none', overflow: 'hidden' }}
            bg={expanded ? 'brand.0' : undefined}
            data-testid={`row-${s.subscriptionId}`}
          >
            <Stack gap="xs" p="sm">
              <Group justify="space-between" wrap="nowrap" align="start">
                <div>
                  <Text size="xs" c="dimmed" fw={600}>
                    {productLabel(s.product)}
                  </Text>
                  <Text fw={600}>{s.description}</Text>
                  {s.ownerName && (
                    <Text size="xs" c="dimmed">
                      {s.ownerName}
                    </Text>
                  )}
                </div>
                <EditToggle subscription={s} expanded={expanded} onToggle={onToggle} />
              </Group>
              {/* Below the heading, at the card's width: beside it, it would push Edit out of the card. */}
              <PaymentDueNotice subscription={s} viewer={viewer} />
              <TrialNotice subscription={s} />
              {!perpetual && (
                <>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                    {billingFacts(s).map((fact) => (
                      <Field key={fact.label} {...fact} />
                    ))}
                  </SimpleGrid>
                  <StatusBadges subscription={s} />
                  <RowUsageMeter subscription={s} />
                </>
              )}
            </Stack>
            <Collapse
              in={expanded}
              transitionDuration={DETAIL_ROW_TRANSITION_MS}
              id={`detail-${s.subscriptionId}`}
              data-detail-open={expanded}
              bg="white"
            >
              {expanded && <SubscriptionEditor subscription={s} viewer={viewer} />}
            </Collapse>
          </Paper>
        );
      })}
    </Stack>
  );
}
