import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchOrganizations } from '../api/search-organizations';

/**
 * The parent organization, chosen by typing part of its name. Only top-level organizations other
 * than this one are offered.
 */
export function ParentSelect({
  organizationId,
  current,
  inputProps,
}: {
  organizationId: number;
  current: { organizationId: number; name: string } | null;
  // biome-ignore lint/suspicious/noExplicitAny: Mantine's input props from the form.
  inputProps: Record<string, any>;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useSearchOrganizations(debounced, 1);
  const options = new Map<string, string>();
  if (current) options.set(String(current.organizationId), current.name);
  // A parent is a top-level organization (the server refuses a sub-account as parent).
  for (const o of found.data?.items ?? [])
    if (o.organizationId !== organizationId && o.parentOrganizationId === null)
      options.set(String(o.organizationId), o.name);
  return (
    <Select
      label="Parent organization"
      placeholder="None"
      searchable
      clearable
      nothingFoundMessage="No organization found"
      data={[...options].map(([value, label]) => ({ value, label }))}
      onSearchChange={setSearch}
      {...inputProps}
    />
  );
}
