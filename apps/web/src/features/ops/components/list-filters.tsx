import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { useOrganizationChoice } from '../use-organization-choice';
import { OrganizationSelect } from './organization-select';

/**
 * The filters of a console list (Bills, Audit log): an organization, the list's own choices, a date
 * range, Clear filters, and Export CSV of what the filters match.
 */
export function ListFilters({
  label,
  organizationId,
  from,
  to,
  onChange,
  onClear,
  exported,
  children,
}: {
  label: string;
  organizationId: number | null;
  from: string;
  to: string;
  onChange: (patch: { organizationId?: number | null; from?: string; to?: string }) => void;
  onClear: () => void;
  exported: { download: () => void; isSaving: boolean };
  children: ReactNode;
}) {
  const organization = useOrganizationChoice(organizationId);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={label}>
      <OrganizationSelect
        label="Organization"
        placeholder="Every organization"
        current={organization}
        value={organizationId === null ? null : String(organizationId)}
        onChange={(v) => onChange({ organizationId: v ? Number(v) : null })}
        w={{ base: '100%', xs: 240 }}
      />
      {children}
      <DateRangeInputs from={from} to={to} onChange={onChange} />
      <Button variant="default" onClick={onClear}>
        Clear filters
      </Button>
      <Button variant="light" loading={exported.isSaving} onClick={exported.download}>
        Export CSV
      </Button>
    </Group>
  );
}
