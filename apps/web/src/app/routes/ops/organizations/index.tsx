import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { OrganizationSearch } from '../../../../features/ops/components/organization-search';
import { pageParam } from '../../../../features/ops/paging';

/** The operator finds an organization; the search and page live in the address, so Back returns to them. */
export default function OpsOrganizationsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <Stack gap="md">
      <Title order={2}>Organizations</Title>
      <OrganizationSearch
        key={q}
        q={q}
        page={pageParam(params.get('page'))}
        onSearch={(next, page) =>
          setParams({ ...(next ? { q: next } : {}), ...(page > 1 ? { page: String(page) } : {}) })
        }
      />
    </Stack>
  );
}
