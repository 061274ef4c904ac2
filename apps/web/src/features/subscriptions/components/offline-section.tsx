import { Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  designerHostCount,
  GRACE_DAYS,
  HostNameSchema,
  hostListsSchema,
  isProPlan,
  joinHosts,
  Messages,
  type SubscriptionActions,
  type SubscriptionDetail,
  splitHosts,
} from '@store/core';
import { SubmitRow } from '../../../components/submit-row';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useDownloadOfflineLicense } from '../api/download-offline-license';
import { useMakeOffline } from '../api/make-offline';
import { DetailPanel } from './detail-panel';

const OfflineRequestSchema = hostListsSchema(HostNameSchema);

/** The offline section of the detail row: the request form (spec §5), or the issued license file. */
export function OfflineSection({
  subscription: s,
  actions,
}: {
  subscription: SubscriptionDetail;
  actions: SubscriptionActions;
}) {
  return (
    <DetailPanel title="Offline License" gap="sm">
      {s.isOfflineEnabled ? (
        <IssuedLicense subscription={s} />
      ) : actions.showOfflineForm ? (
        <OfflineForm subscription={s} />
      ) : null}
    </DetailPanel>
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
        engine; it is valid until {GRACE_DAYS} days after the end of the paid period, and each paid renewal
        issues a new one.
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
          onClick={() => download.download(s.subscriptionId)}
          loading={download.isSaving(s.subscriptionId)}
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
  const { form, values, onSubmit } = useSchemaForm(OfflineRequestSchema, {
    initialValues: {
      engines: Array<string>(engineCount).fill(''),
      designers: Array<string>(designerCount).fill(''),
    },
  });
  const makeOffline = useMakeOffline();

  // Spec §5: every field is marked touched on submit; nothing is sent while one is invalid.
  const submit = onSubmit(({ engines, designers }) => {
    makeOffline.mutate(
      {
        subscriptionId: s.subscriptionId,
        engineHostNames: joinHosts(engines),
        autoTagHostNames: joinHosts(designers),
      },
      { onSuccess: () => showAlert({ type: 'success', text: Messages.offlineLicenseGenerated }) },
    );
  });

  const field = (kind: 'engines' | 'designers', i: number) => (
    <TextInput
      key={`${kind}-${i}`}
      label={`${kind === 'engines' ? 'Engine Host' : 'Designer Host'} ${i + 1}`}
      placeholder="host name"
      required
      {...form.getInputProps(`${kind}.${i}`)}
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
              values.engines.map((_, i) => field('engines', i))
            )}
          </Stack>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Designer Hosts
            </Text>
            {values.designers.map((_, i) => field('designers', i))}
          </Stack>
        </SimpleGrid>
        <SubmitRow loading={makeOffline.isPending}>Enable Offline</SubmitRow>
      </Stack>
    </form>
  );
}
