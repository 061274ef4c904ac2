import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchOrganizations } from '../api/search-organizations';

/**
 * The parent organization, chosen by typing part of its name. An organization is never its own
 * parent, so it is left out of the choices (the server refuses cycles either way).
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
  for (const o of found.data?.items ?? [])
    if (o.organizationId !== organizationId) options.set(String(o.organizationId), o.name);
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
