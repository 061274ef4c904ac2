import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  type ApiToken,
  ApiTokenMessages,
  apiTokenExpired,
  formatMediumDate,
  formatMediumDateTime,
} from '@store/core';
import { useState } from 'react';
import { CardList } from '../../../components/card-list';
import { CodeBadges } from '../../../components/code-badges';
import { ColumnHeads } from '../../../components/column-heads';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DangerButton } from '../../../components/danger-button';
import { usePhone } from '../../../lib/phone';
import { showAlert } from '../../alert';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';

const columns = ApiTokenMessages.columns;

function Expires({ token, now }: { token: ApiToken; now: number }) {
  if (token.expiresAt === null) return <>{ApiTokenMessages.neverExpires}</>;
  const date = formatMediumDate(token.expiresAt);
  if (!apiTokenExpired(token.expiresAt, now)) return <>{date}</>;
  return (
    <Text span c="red.9" fw={600} size="sm">
      {ApiTokenMessages.expired} {date}
    </Text>
  );
}

function LastUsed({ token }: { token: ApiToken }) {
  if (!token.lastUsedAt)
    return (
      <Text span c="dimmed" size="sm">
        {ApiTokenMessages.neverUsed}
      </Text>
    );
  return (
    <>
      {formatMediumDateTime(token.lastUsedAt)}
      {token.lastUsedAddress && (
        <Text size="xs" c="dimmed" component="span" display="block">
          from {token.lastUsedAddress}
        </Text>
      )}
    </>
  );
}

/** The token's first characters: enough to find it where it is used, useless to anyone else. */
const Start = ({ token }: { token: ApiToken }) => (
  <Text span ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
    {token.start}…
  </Text>
);

function RevokeButton({ token, onRevoke }: { token: ApiToken; onRevoke: (t: ApiToken) => void }) {
  return (
    <DangerButton
      size="compact-sm"
      onClick={() => onRevoke(token)}
      aria-label={`${ApiTokenMessages.revoke} ${token.name}`}
    >
      {ApiTokenMessages.revoke}
    </DangerButton>
  );
}

type RowsProps = { tokens: ApiToken[]; now: number; onRevoke: (t: ApiToken) => void };

/** On a phone each token is a card: seven columns do not fit 390 px. */
function TokenCards({ tokens, now, onRevoke }: RowsProps) {
  return (
    <CardList label={ApiTokenMessages.listHeading}>
      {tokens.map((token) => (
        <Paper key={token.id} component="li" withBorder radius="md" p="md" data-api-token-id={token.id}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {token.name}
              </Text>
              <RevokeButton token={token} onRevoke={onRevoke} />
            </Group>
            <Start token={token} />
            <CodeBadges codes={token.scopes} />
            <Text size="sm">
              {columns.createdBy} {token.createdBy}, {formatMediumDate(token.createdAt)}
            </Text>
            <Text size="sm">
              {columns.expiresAt}: <Expires token={token} now={now} />
            </Text>
            <Text size="sm">
              {columns.lastUsed}: <LastUsed token={token} />
            </Text>
          </Stack>
        </Paper>
      ))}
    </CardList>
  );
}

function TokenTable({ tokens, now, onRevoke }: RowsProps) {
  return (
    <Table striped verticalSpacing="sm" horizontalSpacing="xs" aria-label={ApiTokenMessages.listHeading}>
      <ColumnHeads
        names={[
          columns.name,
          columns.token,
          columns.scopes,
          columns.createdBy,
          columns.expiresAt,
          columns.lastUsed,
        ]}
        actions={ApiTokenMessages.revoke}
      />
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id} data-api-token-id={token.id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }} fw={600}>
              {token.name}
            </Table.Td>
            <Table.Td>
              <Start token={token} />
            </Table.Td>
            <Table.Td>
              <CodeBadges codes={token.scopes} />
            </Table.Td>
            <Table.Td>
              {token.createdBy}
              <Text size="xs" c="dimmed" component="span" display="block">
                {formatMediumDate(token.createdAt)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Expires token={token} now={now} />
            </Table.Td>
            <Table.Td>
              <LastUsed token={token} />
            </Table.Td>
            <Table.Td>
              <RevokeButton token={token} onRevoke={onRevoke} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The organization's tokens, each revoked in one click after a confirmation. */
export function ApiTokensList() {
  const phone = usePhone();
  const list = useApiTokens();
  const revoke = useRevokeApiToken();
  const [asking, setAsking] = useState<ApiToken | null>(null);
  const confirm = () => {
    if (!asking) return;
    const { id, name } = asking;
    setAsking(null);
    revoke.mutate(id, {
      onSuccess: () => showAlert({ type: 'success', text: ApiTokenMessages.revoked(name) }),
    });
  };
  if (!list.data) return null;
  const tokens = list.data.apiTokens;
  const now = Date.now();
  return (
    <>
      {tokens.length === 0 ? (
        <Text c="dimmed">{ApiTokenMessages.none}</Text>
      ) : phone ? (
        <TokenCards tokens={tokens} now={now} onRevoke={setAsking} />
      ) : (
        <TokenTable tokens={tokens} now={now} onRevoke={setAsking} />
      )}
      <ConfirmModal
        opened={asking !== null}
        title={ApiTokenMessages.revokeTitle}
        confirmLabel={ApiTokenMessages.revokeButton}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        {asking ? ApiTokenMessages.revokeConfirm(asking.name) : ''}
      </ConfirmModal>
    </>
  );
}
