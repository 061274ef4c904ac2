import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { OpsOrganizationRow } from '@store/core';
import { useState } from 'react';
import { useSearchOrganizations } from '../api/search-organizations';

/**
 * An organization chosen by typing part of its name (or anything the console's search finds); the
 * chosen one stays offered while another search runs.
 */
export function OrganizationSelect({
  current,
  offers = () => true,
  ...props
}: Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange'> & {
  current: { organizationId: number; name: string } | null;
  /** Which organizations found may be chosen. */
  offers?: (row: OpsOrganizationRow) => boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useSearchOrganizations(debounced, 1);
  const options = new Map<string, string>();
  if (current) options.set(String(current.organizationId), current.name);
  for (const o of found.data?.items ?? []) if (offers(o)) options.set(String(o.organizationId), o.name);
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="No organization found"
      data={[...options].map(([value, label]) => ({ value, label }))}
      onSearchChange={setSearch}
      {...props}
    />
  );
}
