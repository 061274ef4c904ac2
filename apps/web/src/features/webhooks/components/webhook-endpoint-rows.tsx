import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatMediumDate, type WebhookEndpoint, WebhookMessages } from '@store/core';
import { CardList } from '../../../components/card-list';
import { CodeBadges } from '../../../components/code-badges';
import { ColumnHeads } from '../../../components/column-heads';
import { DangerButton } from '../../../components/danger-button';
import { EndpointStatus } from './webhook-status';

// An endpoint's row on the API & Webhooks screen: a table row on desktop, a card on a phone, with
// its actions.

const columns = WebhookMessages.columns;

function Events({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.events.length === 0) return <Text size="sm">{WebhookMessages.allEvents}</Text>;
  return <CodeBadges codes={endpoint.events} />;
}

const Url = ({ endpoint }: { endpoint: WebhookEndpoint }) => (
  <Text span ff="monospace" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
    {endpoint.url}
  </Text>
);

export interface Actions {
  onTest: (e: WebhookEndpoint) => void;
  onDeliveries: (e: WebhookEndpoint) => void;
  onToggle: (e: WebhookEndpoint) => void;
  onRoll: (e: WebhookEndpoint) => void;
  onDelete: (e: WebhookEndpoint) => void;
  /** The endpoint whose test event is on its way. */
  testing: number | null;
  /** What each endpoint's last test event came to. */
  outcomes: ReadonlyMap<number, TestOutcome>;
}

export type TestOutcome = { text: string; delivered: boolean };

function EndpointActions({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: Actions }) {
  const { url } = endpoint;
  const outcome = actions.outcomes.get(endpoint.id);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="outline"
          loading={actions.testing === endpoint.id}
          aria-label={WebhookMessages.sendTestTo(url)}
          onClick={() => actions.onTest(endpoint)}
        >
          {WebhookMessages.sendTest}
        </Button>
        <Button
          size="compact-sm"
          variant="outline"
          aria-label={WebhookMessages.deliveriesTo(url)}
          aria-haspopup="dialog"
          onClick={() => actions.onDeliveries(endpoint)}
        >
          {WebhookMessages.deliveries}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          aria-label={endpoint.enabled ? WebhookMessages.disableOf(url) : WebhookMessages.enableOf(url)}
          onClick={() => actions.onToggle(endpoint)}
        >
          {endpoint.enabled ? WebhookMessages.disable : WebhookMessages.enable}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          aria-label={WebhookMessages.rollSecretOf(url)}
          aria-haspopup="dialog"
          onClick={() => actions.onRoll(endpoint)}
        >
          {WebhookMessages.rollSecret}
        </Button>
        <DangerButton
          size="compact-sm"
          aria-label={WebhookMessages.deleteOf(url)}
          aria-haspopup="dialog"
          onClick={() => actions.onDelete(endpoint)}
        >
          {WebhookMessages.deleteButton}
        </DangerButton>
      </Group>
      {/* Beside the button, not in the screen's banner, which may be scrolled far out of view;
          a live region that stays in the page, so its text is announced when it is set. */}
      <Text role="status" size="sm" fw={600} c={outcome?.delivered === false ? 'red.9' : 'teal.9'}>
        {outcome?.text}
      </Text>
    </Stack>
  );
}

const Created = ({ endpoint }: { endpoint: WebhookEndpoint }) => (
  <>
    {formatMediumDate(endpoint.createdAt)}
    <Text size="xs" c="dimmed" component="span" display="block">
      {endpoint.createdBy}
    </Text>
  </>
);

type RowsProps = { endpoints: WebhookEndpoint[]; actions: Actions };

/** On a phone each endpoint is a card: six columns do not fit 390 px. */
export function EndpointCards({ endpoints, actions }: RowsProps) {
  return (
    <CardList label={WebhookMessages.listLabel}>
      {endpoints.map((endpoint) => (
        <Paper key={endpoint.id} component="li" withBorder radius="md" p="md" data-webhook-id={endpoint.id}>
          <Stack gap={6}>
            <Url endpoint={endpoint} />
            <EndpointStatus endpoint={endpoint} />
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
            <Events endpoint={endpoint} />
            <Text size="sm">
              {columns.created} {formatMediumDate(endpoint.createdAt)}, {endpoint.createdBy}
            </Text>
            <EndpointActions endpoint={endpoint} actions={actions} />
          </Stack>
        </Paper>
      ))}
    </CardList>
  );
}

export function EndpointTable({ endpoints, actions }: RowsProps) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={WebhookMessages.listLabel}>
      <ColumnHeads
        names={[columns.url, columns.events, columns.description, columns.status, columns.created]}
      />
      <Table.Tbody>
        {endpoints.map((endpoint) => (
          <EndpointRows key={endpoint.id} endpoint={endpoint} actions={actions} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An endpoint's cells, and under them its five actions across the row's width: beside the cells
 * they would squeeze the address and the events into a narrow column.
 */
function EndpointRows({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: Actions }) {
  return (
    <>
      <Table.Tr data-webhook-id={endpoint.id} style={{ borderBottom: 'none' }}>
        <Table.Td maw={320}>
          <Url endpoint={endpoint} />
        </Table.Td>
        <Table.Td maw={280}>
          <Events endpoint={endpoint} />
        </Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{endpoint.description}</Table.Td>
        <Table.Td>
          <EndpointStatus endpoint={endpoint} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Created endpoint={endpoint} />
        </Table.Td>
      </Table.Tr>
      <Table.Tr data-webhook-actions={endpoint.id}>
        <Table.Td colSpan={5} pt={0}>
          <EndpointActions endpoint={endpoint} actions={actions} />
        </Table.Td>
      </Table.Tr>
    </>
  );
}
