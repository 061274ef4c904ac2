import { Loader, Stack, Text, Title } from '@mantine/core';
import { formatMediumDate } from '@store/core';
import { useParams } from 'react-router';
import { useOrganization } from '../../../../features/ops/api/get-organization';
import { ConsoleSection } from '../../../../features/ops/components/console-section';
import { OpsBillsTable } from '../../../../features/ops/components/ops-bills-table';
import { OrganizationRelations } from '../../../../features/ops/components/organization-relations';
import { OrganizationSubscriptions } from '../../../../features/ops/components/organization-subscriptions';
import { OrganizationTermsForm } from '../../../../features/ops/components/organization-terms-form';
import { OrganizationUsers } from '../../../../features/ops/components/organization-users';
import { usePageTitle } from '../../../page-title';

/** One organization as the operator sees it: terms, people, subscriptions, bills and relations. */
export default function OpsOrganizationScreen() {
  const organizationId = Number(useParams().organizationId);
  const detail = useOrganization(organizationId);
  usePageTitle(detail.data?.organization.name ?? 'Organization');
  if (!detail.data) return detail.isPending ? <Loader aria-label="Loading the organization" /> : null;
  const { organization } = detail.data;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>{organization.name}</Title>
        <Text size="sm" c="dimmed">
          Organization {organization.organizationId}, created {formatMediumDate(organization.createdAt)}
        </Text>
      </Stack>
      <OrganizationTermsForm key={JSON.stringify(organization)} organization={organization} />
      <OrganizationUsers
        organizationId={organizationId}
        organizationName={organization.name}
        users={detail.data.users}
      />
      <OrganizationSubscriptions organizationId={organizationId} subscriptions={detail.data.subscriptions} />
      <ConsoleSection headingId="bills-heading" title="Bills">
        {detail.data.bills.length === 0 ? (
          <Text c="dimmed">No bills.</Text>
        ) : (
          <OpsBillsTable
            bills={detail.data.bills}
            label="Bills of the organization"
            showOrganization={false}
          />
        )}
      </ConsoleSection>
      <OrganizationRelations detail={detail.data} />
    </Stack>
  );
}
