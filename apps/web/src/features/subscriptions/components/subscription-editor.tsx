import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  formatLongDate,
  hasRole,
  Messages,
  overageFigureCents,
  overageInputOf,
  RoleMessages,
  type SubscriptionDetail,
  SubscriptionMessages,
  subscriptionActions,
  type Viewer,
} from '@store/core';
import { AskAnAdmin } from '../../organization-admins';
import { useSubAccountName } from '../api/get-subaccount-name';
import { CancelSubscription } from './cancel-subscription';
import { DetailPanel } from './detail-panel';
import { FlushKeys } from './flush-keys';
import { LicenseKey } from './license-key';
import { MachinesList } from './machines-list';
import { OfflineActivations } from './offline-activations';
import { OfflineSection } from './offline-section';
import { PerpetualDetails } from './perpetual-details';
import { PlanEntitlements } from './plan-entitlements';
import { SubscriptionCostPanel } from './subscription-cost-panel';
import { SubscriptionTermsForm } from './subscription-terms-form';
import { SubscriptionUsagePanel } from './subscription-usage-panel';

export interface SubscriptionEditorProps {
  subscription: SubscriptionDetail | null;
  viewer: Viewer;
}

/** The detail row of the Subscriptions screen (spec §2, §4, §5; docs/design.md §3). */
export function SubscriptionEditor({ subscription, viewer }: SubscriptionEditorProps) {
  if (!subscription) {
    return (
      <Alert color="red" variant="light" role="alert">
        {Messages.noSubscriptionSelected}
      </Alert>
    );
  }
  // Remount when the server's copy changes, so the form starts from the saved values again.
  return (
    <Editor
      key={`${subscription.subscriptionId}:${subscription.version}`}
      subscription={subscription}
      viewer={viewer}
    />
  );
}

function Editor({ subscription: s, viewer }: { subscription: SubscriptionDetail; viewer: Viewer }) {
  const actions = subscriptionActions(s, viewer);
  const owner = useSubAccountName(s.organizationId, !actions.owned);
  const ownerName = owner.data?.companyName ?? s.ownerName ?? '';
  const overage = overageInputOf(s);

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} data-testid={`editor-${s.subscriptionId}`}>
      {!actions.owned && (
        <Alert color="gray" variant="light" title="Read-only">
          {Messages.belongsTo(ownerName)}
        </Alert>
      )}
      {/* The greyed fields say why: a plain user sees, the Licenses role changes (docs/design.md §5a). */}
      {actions.owned && !hasRole(viewer, 'licenses') && (
        <Alert color="gray" variant="light" title="Read-only" data-testid="admins-only">
          <Stack gap={4}>
            <Text size="sm">{RoleMessages.required('licenses')}</Text>
            <AskAnAdmin />
          </Stack>
        </Alert>
      )}
      {actions.showManagerWarning && (
        <Alert color="yellow" variant="light" title="Manager license">
          {Messages.managerKeysWarning}
        </Alert>
      )}
      {s.isOfflineEnabled && actions.owned && (
        <Alert color="blue" variant="light">
          {SubscriptionMessages.offlineEnabledNote}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SubscriptionTermsForm
          subscription={s}
          editable={actions.canEdit}
          nameEditable={actions.canEdit || actions.canEditNameOnly}
          overage={overage}
        />
        <Stack gap="md">
          <DetailPanel title="License">
            <LicenseKey subscription={s} withheldFor={actions.owned ? null : ownerName} />
            <PlanEntitlements subscription={s} />
            <MachinesList subscriptionId={s.subscriptionId} canDeactivate={actions.showDeactivateMachine} />
            {actions.showFlushKeys && <FlushKeys subscription={s} />}
            {actions.showDeactivateMachine && <OfflineActivations subscriptionId={s.subscriptionId} />}
          </DetailPanel>
          {s.isPerpetualLicense ? (
            <PerpetualDetails subscriptionId={s.subscriptionId} />
          ) : (
            <SubscriptionCostPanel subscription={s} />
          )}
          {actions.showUsageFigures && (
            <SubscriptionUsagePanel
              subscription={s}
              accruedCents={overageFigureCents(overage)}
              showUsageButton={actions.showUsageButton}
            />
          )}
        </Stack>
      </SimpleGrid>

      {(actions.showOfflineForm || actions.showOfflineDownload) && (
        <OfflineSection subscription={s} actions={actions} />
      )}

      {actions.showCancel && (
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            Renews automatically{s.nextBaseBillingDate ? ` on ${formatLongDate(s.nextBaseBillingDate)}` : ''}.
            Cancelling keeps access until then.
          </Text>
          <CancelSubscription subscription={s} />
        </Group>
      )}
    </Stack>
  );
}
