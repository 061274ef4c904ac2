import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { describeUserAgent, type OwnSession } from '@store/core';
import { CardList } from '../../../components/card-list';
import { showAlert } from '../../alert';
import { useEndSessions } from '../api/end-sessions';
import { useOwnSessions } from '../api/get-own-sessions';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ session, onEnd, ending }: { session: OwnSession; onEnd: () => void; ending: boolean }) {
  const device = describeUserAgent(session.userAgent);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" component="li">
      <div>
        <Text fw={600}>{device}</Text>
        <Text size="sm" c="dimmed">
          Signed in {when(session.createdAt)}
          {session.address ? ` from ${session.address}` : ''} · last active {when(session.lastUsedAt)}
        </Text>
      </div>
      {session.current ? (
        <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
          This session
        </Text>
      ) : (
        <Button
          variant="default"
          size="xs"
          onClick={onEnd}
          loading={ending}
          aria-label={`Sign out the session on ${device}, last active ${when(session.lastUsedAt)}`}
          style={{ flexShrink: 0 }}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

/**
 * The signed-in person's sessions on the Account screen: where they are signed in, and a way to end
 * any of them or all but this one (ASVS 5.0 7.5.2, docs/security.md).
 */
export function OwnSessionsPanel() {
  const list = useOwnSessions();
  const end = useEndSessions();
  if (!list.data) return null;
  const { sessions } = list.data;
  const ended = (n: number) =>
    showAlert({ type: 'success', text: n === 1 ? 'Signed out 1 session.' : `Signed out ${n} sessions.` });

  return (
    <Stack gap="sm" py="md" data-testid="own-sessions">
      <Title order={2} size="h4">
        Where you are signed in
      </Title>
      <CardList>
        {sessions.map((s) => (
          <SessionRow
            key={s.sessionId}
            session={s}
            ending={end.isPending && end.variables === s.sessionId}
            onEnd={() => end.mutate(s.sessionId, { onSuccess: (r) => ended(r.ended) })}
          />
        ))}
      </CardList>
      {sessions.length > 1 && (
        <Group>
          <Button
            variant="default"
            loading={end.isPending && end.variables === 'others'}
            onClick={() => end.mutate('others', { onSuccess: (r) => ended(r.ended) })}
          >
            Sign out everywhere else
          </Button>
        </Group>
      )}
    </Stack>
  );
}
