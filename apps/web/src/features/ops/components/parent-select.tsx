import { OrganizationSelect } from './organization-select';

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
  return (
    <OrganizationSelect
      label="Parent organization"
      placeholder="None"
      current={current}
      // A parent is a top-level organization (the server refuses a sub-account as parent).
      offers={(o) => o.organizationId !== organizationId && o.parentOrganizationId === null}
      {...inputProps}
    />
  );
}
