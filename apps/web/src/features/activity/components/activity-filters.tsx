import { Button, Group, Select } from '@mantine/core';
import { AUDIT_KIND_LABELS, type AuditKind, type Person } from '@store/core';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import type { ActivityFilters } from '../api/get-activity';

const kindOptions = Object.entries(AUDIT_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** The kind of change an audit list is filtered by (the Activity screen's, the console's log). */
export function AuditKindSelect({
  value,
  onChange,
}: {
  value: AuditKind | null;
  onChange: (kind: AuditKind | null) => void;
}) {
  return (
    <Select
      label="Kind of change"
      placeholder="Any change"
      data={kindOptions}
      value={value}
      onChange={(v) => onChange((v as AuditKind | null) ?? null)}
      clearable
      w={{ base: '100%', xs: 230 }}
    />
  );
}

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
      <AuditKindSelect value={filters.kind} onChange={(kind) => set({ kind })} />
      <DateRangeInputs from={filters.from} to={filters.to} onChange={set} />
      <Button
        variant="default"
        onClick={() => onChange({ personId: null, kind: null, from: '', to: '', page: 1 })}
      >
        Clear filters
      </Button>
    </Group>
  );
}
