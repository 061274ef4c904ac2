import { Button, Group, Select, TextInput } from '@mantine/core';
import { AUDIT_KIND_LABELS, type AuditKind, type Person } from '@store/core';
import type { ActivityFilters } from '../api/get-activity';

const kindOptions = Object.entries(AUDIT_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** Filters by person, kind of change and date range; any change returns to the first page. */
export function ActivityFilterBar({
  filters,
  persons,
  onChange,
}: {
  filters: ActivityFilters;
  persons: Person[];
  onChange: (next: ActivityFilters) => void;
}) {
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const personOptions = persons.map((p) => ({
    value: String(p.personId),
    label: `${p.firstName} ${p.lastName}`,
  }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter activity">
      <Select
        label="Person"
        placeholder="Anyone"
        data={personOptions}
        value={filters.personId === null ? null : String(filters.personId)}
        onChange={(v) => set({ personId: v ? Number(v) : null })}
        clearable
        searchable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label="Kind of change"
        placeholder="Any change"
        data={kindOptions}
        value={filters.kind}
        onChange={(v) => set({ kind: (v as AuditKind | null) ?? null })}
        clearable
        w={{ base: '100%', xs: 230 }}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => set({ from: e.currentTarget.value })}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => set({ to: e.currentTarget.value })}
        w={{ base: '100%', xs: 160 }}
      />
      <Button
        variant="default"
        onClick={() => onChange({ personId: null, kind: null, from: '', to: '', page: 1 })}
      >
        Clear filters
      </Button>
    </Group>
  );
}
