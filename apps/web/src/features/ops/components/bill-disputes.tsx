import type { OpsDispute } from '@store/core';
import { ConsoleSection } from './console-section';
import { DisputesTable } from './disputes-table';

/** A bill's disputes, whatever became of them, on its page (none: nothing is shown). */
export function BillDisputes({ disputes }: { disputes: OpsDispute[] }) {
  if (disputes.length === 0) return null;
  return (
    <ConsoleSection headingId="disputes-heading" title="Disputes" gap="xs">
      <DisputesTable disputes={disputes} label="Disputes of this bill" showBill={false} />
    </ConsoleSection>
  );
}
