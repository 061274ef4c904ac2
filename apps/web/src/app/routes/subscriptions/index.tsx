import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CatalogLink } from '../../../components/catalog-link';
import { SubscriptionEditor, SubscriptionsTable, useSubscriptions } from '../../../features/subscriptions';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * Subscriptions (spec §2): the organization's subscriptions and its sub-accounts', each with an
 * expandable editor. Subscriptions/{id} opens with that row expanded (docs/design.md §2); the URL follows
 * the expanded row so that it can be shared and reloaded.
 */
export default function SubscriptionsScreen() {
  const user = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const subscriptions = useSubscriptions();
  const perpetual = user?.organization.isPerpetualAccount ?? false;
  const requested = params.id === undefined ? null : Number(params.id);
  const list = subscriptions.data ?? [];
  const selected = requested === null ? null : (list.find((s) => s.subscriptionId === requested) ?? null);
  const viewer = {
    organizationId: user?.organization.organizationId ?? 0,
    rights: user?.person.rights ?? 0,
  };

  // Subscriptions/{id} opened from a link or reload: the row is brought into view once the list is
  // there (a row far down opened out of sight). Rows opened here by Edit are already in view.
  const arrivedAt = useRef(requested);
  const selectedId = selected?.subscriptionId ?? null;
  useEffect(() => {
    if (selectedId === null || selectedId !== arrivedAt.current) return;
    // A frame later: after the shell has moved focus to the screen's heading on arrival, which scrolls
    // to the top of the page.
    const frame = requestAnimationFrame(() => {
      arrivedAt.current = null;
      document.querySelector(`[data-testid="row-${selectedId}"]`)?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId]);

  const toggle = (id: number) => {
    navigate(id === requested ? '/Subscriptions' : `/Subscriptions/${id}`, {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <div>
          <Title order={1}>{perpetual ? 'Products' : 'Subscriptions'}</Title>
          <Text c="dimmed" size="sm">
            {perpetual
              ? 'Your perpetual licenses. Open one to see its terms, its license key and to request an offline license.'
              : 'Manage plans, engines and designers, license keys and offline licenses. Changes that raise the fee apply today; lower ones at the next renewal.'}
          </Text>
        </div>
      </Group>
      {subscriptions.isPending ? (
        <Group gap="sm">
          <Loader size="sm" aria-label="Loading subscriptions" />
          <Text size="sm">Loading subscriptions…</Text>
        </Group>
      ) : subscriptions.isError ? null : list.length === 0 ? (
        <Alert variant="light" color="gray">
          {perpetual ? 'No licenses yet.' : 'No subscriptions yet.'} <CatalogLink /> to buy your first.
        </Alert>
      ) : (
        <>
          {requested !== null && !selected && <SubscriptionEditor subscription={null} viewer={viewer} />}
          <SubscriptionsTable
            subscriptions={list}
            viewer={viewer}
            perpetual={perpetual}
            expandedId={selected ? selected.subscriptionId : null}
            onToggle={toggle}
          />
        </>
      )}
    </Stack>
  );
}
