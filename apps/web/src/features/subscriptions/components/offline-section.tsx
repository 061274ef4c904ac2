import { Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  designerHostCount,
  HostNameSchema,
  isProPlan,
  joinHosts,
  Messages,
  type SubscriptionActions,
  type SubscriptionDetail,
  splitHosts,
} from '@store/core';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../alert';
import { useDownloadOfflineLicense } from '../api/download-offline-license';
import { useMakeOffline } from '../api/make-offline';

const hostError = (value: string) => {
  const parsed = HostNameSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/** The offline section of the detail row: the request form (spec §5), or the issued license file. */
export function OfflineSection({
  subscription: s,
  actions,
}: {
  subscription: SubscriptionDetail;
  actions: SubscriptionActions;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Offline License
        </Title>
        {s.isOfflineEnabled ? (
          <IssuedLicense subscription={s} />
        ) : actions.showOfflineForm ? (
          <OfflineForm subscription={s} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function IssuedLicense({ subscription: s }: { subscription: SubscriptionDetail }) {
  const download = useDownloadOfflineLicense();
  const engines = splitHosts(s.offlineEngineHosts);
  const designers = splitHosts(s.offlineAutoTagHosts);
  return (
    <>
      <Text size="sm">
        A signed license file lets these machines run without reaching our servers. Install it next to the
        engine; it is valid until 14 days after the end of the paid period, and each paid renewal issues a new
        one.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="sm" fw={600}>
            Engine Hosts
          </Text>
          {engines.length ? (
            <List size="sm" data-testid="offline-engine-hosts">
              {engines.map((h) => (
                <List.Item key={h}>{h}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
        </div>
        <div>
          <Text size="sm" fw={600}>
            Designer Hosts
          </Text>
          <List size="sm" data-testid="offline-designer-hosts">
            {designers.map((h) => (
              <List.Item key={h}>{h}</List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={() => download.mutate(s.subscriptionId)}
          loading={download.isPending}
        >
          Download License File
        </Button>
      </Group>
    </>
  );
}

function OfflineForm({ subscription: s }: { subscription: SubscriptionDetail }) {
  const engineCount = isProPlan(s.plan) ? s.numberMachines : 0;
  const designerCount = designerHostCount(s.plan, s.xtraAutoTags);
  const [engines, setEngines] = useState<string[]>(() => Array(engineCount).fill(''));
  const [designers, setDesigners] = useState<string[]>(() => Array(designerCount).fill(''));
  const [touched, setTouched] = useState(false);
  const makeOffline = useMakeOffline();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: every field is marked touched on submit; nothing is sent while one is invalid.
    setTouched(true);
    if ([...engines, ...designers].some((h) => hostError(h))) return;
    makeOffline.mutate(
      {
        subscriptionId: s.subscriptionId,
        engineHostNames: joinHosts(engines),
        autoTagHostNames: joinHosts(designers),
      },
      { onSuccess: () => showAlert({ type: 'success', text: Messages.offlineLicenseGenerated }) },
    );
  };

  const field = (kind: 'engine' | 'designer', list: string[], setList: (l: string[]) => void, i: number) => (
    <TextInput
      key={`${kind}-${i}`}
      label={`${kind === 'engine' ? 'Engine Host' : 'Designer Host'} ${i + 1}`}
      placeholder="host name"
      required
      value={list[i]}
      error={touched ? hostError(list[i] ?? '') : undefined}
      onChange={(e) => {
        const next = [...list];
        next[i] = e.currentTarget.value;
        setList(next);
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Offline license request">
      <Stack gap="sm">
        <Text size="sm">
          For machines without internet access: name each licensed machine, and we sign a license file bound
          to them. Once enabled, the plan, max overages, engines, designers and name are fixed.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Engine Hosts
            </Text>
            {engineCount === 0 ? (
              <Text size="sm" c="dimmed">
                This plan does not license engines by machine.
              </Text>
            ) : (
              engines.map((_, i) => field('engine', engines, setEngines, i))
            )}
          </Stack>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Designer Hosts
            </Text>
            {designers.map((_, i) => field('designer', designers, setDesigners, i))}
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={makeOffline.isPending}>
            Enable Offline
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
