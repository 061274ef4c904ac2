import { Loader, Select, Stack, Text, Title } from '@mantine/core';
import { AUDIT_ACTOR_KIND_LABELS, AUDIT_KINDS, type AuditActorKind, type AuditKind } from '@store/core';
import { useSearchParams } from 'react-router';
import { ActivityTable, AuditKindSelect } from '../../../../features/activity';
import { useExportAuditLog } from '../../../../features/ops/api/export-audit-log';
import { type AuditView, auditQuery, useAuditLog } from '../../../../features/ops/api/get-audit-log';
import { ListFilters } from '../../../../features/ops/components/list-filters';
import { dayParam, idParam, pageParam } from '../../../../features/ops/paging';

const actorOptions = Object.entries(AUDIT_ACTOR_KIND_LABELS).map(([value, label]) => ({ value, label }));

function viewOf(params: URLSearchParams): AuditView {
  const actorKind = params.get('actorKind');
  const kind = params.get('kind');
  return {
    organizationId: idParam(params.get('organizationId')),
    actorKind: actorKind && actorKind in AUDIT_ACTOR_KIND_LABELS ? (actorKind as AuditActorKind) : null,
    kind: kind && (AUDIT_KINDS as string[]).includes(kind) ? (kind as AuditKind) : null,
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
  };
}

/**
 * The audit log of every organization (docs/decisions/017, 032): who changed what, when and from
 * where, filtered, a page at a time, and exported as CSV with the same filters.
 */
export default function OpsAuditScreen() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const page = pageParam(params.get('page'));
  const log = useAuditLog(view, page);
  const exported = useExportAuditLog(view);
  const go = (next: AuditView, p = 1) => {
    const q = auditQuery(next);
    if (p > 1) q.set('page', String(p));
    setParams(q);
  };
  const set = (patch: Partial<AuditView>) => go({ ...view, ...patch });
  return (
    <Stack gap="md">
      <Title order={2}>Audit log</Title>
      <Text c="dimmed">
        Every change to organizations, people, subscriptions, bills and the catalogue, newest first.
      </Text>
      <ListFilters
        label="Filter the audit log"
        organizationId={view.organizationId}
        from={view.from}
        to={view.to}
        onChange={set}
        onClear={() => setParams({})}
        exported={exported}
      >
        <Select
          label="Who"
          placeholder="Anyone"
          data={actorOptions}
          value={view.actorKind}
          onChange={(v) => set({ actorKind: (v as AuditActorKind | null) ?? null })}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        <AuditKindSelect value={view.kind} onChange={(kind) => set({ kind })} />
      </ListFilters>
      {log.data ? (
        <ActivityTable page={log.data} onPage={(p) => go(view, p)} label="Audit log" withOrganization />
      ) : (
        <Loader aria-label="Loading the audit log" />
      )}
    </Stack>
  );
}
