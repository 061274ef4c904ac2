import { Button, Group } from '@mantine/core';
import {
  annualRtus,
  formatRatePerRtu,
  formatUsd,
  isUsageMetered,
  overagePerRtuMicrosOf,
  type SubscriptionDetail,
} from '@store/core';
import { Link } from 'react-router';
import { DetailPanel, FigureRow, FigureTable } from './detail-panel';
import { UsageMeter } from './usage-meter';

/** The detail row's usage figures this month (spec §2) and the way to the detailed usage. */
export function SubscriptionUsagePanel({
  subscription: s,
  accruedCents,
  showUsageButton,
}: {
  subscription: SubscriptionDetail;
  accruedCents: number;
  showUsageButton: boolean;
}) {
  // Pro engines are licensed per machine: their RTUs are counted, but nothing is included or billed by use.
  const usageBilled = isUsageMetered(s.plan);
  return (
    <DetailPanel title="Usage this month">
      <UsageMeter subscription={s} />
      <FigureTable label="Usage figures">
        <FigureRow label="RTUs used" value={s.accruedRtusThisMonth.toLocaleString('en-US')} />
        {usageBilled && (
          <>
            <FigureRow
              label={s.annualUsageReset ? 'RTUs included per year' : 'RTUs included per month'}
              value={(s.annualUsageReset ? annualRtus(s.plan.baseRtus) : s.plan.baseRtus).toLocaleString(
                'en-US',
              )}
            />
            <FigureRow
              label="Overage per additional RTU"
              value={formatRatePerRtu(overagePerRtuMicrosOf(s.plan.overagePerRtu))}
            />
            <FigureRow label="Overage accrued" value={formatUsd(accruedCents)} testId="overage-accrued" />
          </>
        )}
      </FigureTable>
      {showUsageButton && (
        <Group justify="flex-end">
          <Button component={Link} to={`/SubscriptionUsageDetails/${s.subscriptionId}`} variant="light">
            Detailed RTU Usage
          </Button>
        </Group>
      )}
    </DetailPanel>
  );
}
