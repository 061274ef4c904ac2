import { Loader, Stack, Text, Title } from '@mantine/core';
import { formatMediumDate } from '@store/core';
import { useParams, useSearchParams } from 'react-router';
import { useOrganization } from '../../../../features/ops/api/get-organization';
import { ConsoleSection } from '../../../../features/ops/components/console-section';
import { OrganizationDomains } from '../../../../features/ops/components/organization-domains';
import { OrganizationRelations } from '../../../../features/ops/components/organization-relations';
import { OrganizationSubscriptions } from '../../../../features/ops/components/organization-subscriptions';
import { OrganizationSummary } from '../../../../features/ops/components/organization-summary';
import { OrganizationTermsForm } from '../../../../features/ops/components/organization-terms-form';
import { OrganizationUsers } from '../../../../features/ops/components/organization-users';
import { PagedBills } from '../../../../features/ops/components/paged-bills';
import { pageParam } from '../../../../features/ops/paging';
import { usePageTitle } from '../../../page-title';

/** One organization as the operator sees it: its summary, terms, people, claimed domains, subscriptions, bills and relations. */
export default function OpsOrganizationScreen() {
  const organizationId = Number(useParams().organizationId);
  const detail = useOrganization(organizationId);
  const [params, setParams] = useSearchParams();
  const billsPage = pageParam(params.get('billsPage'));
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
      <OrganizationSummary organizationId={organizationId} summary={detail.data.summary} />
      <OrganizationTermsForm key={JSON.stringify(organization)} organization={organization} />
      <OrganizationUsers
        organizationId={organizationId}
        organizationName={organization.name}
        users={detail.data.users}
      />
      <OrganizationDomains organizationId={organizationId} />
      <OrganizationSubscriptions
        organizationId={organizationId}
        customer={organization.name}
        subscriptions={detail.data.subscriptions}
      />
      <ConsoleSection headingId="bills-heading" title="Bills">
        <PagedBills
          view={{ filter: 'all', organizationId, status: null, from: '', to: '' }}
          page={billsPage}
          onPage={(p) => setParams(p > 1 ? { billsPage: String(p) } : {}, { preventScrollReset: true })}
          label="Bills of the organization"
          showOrganization={false}
        />
      </ConsoleSection>
      <OrganizationRelations detail={detail.data} />
    </Stack>
  );
}
