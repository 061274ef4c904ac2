import { Group, Paper, Table, Text } from '@mantine/core';
import {
  annualRtus,
  dollarsToMicros,
  formatUsd,
  isArtistPlan,
  isProPlan,
  overagePerAdditionalPageMicros,
  type PricingPlan,
  toCents,
} from '@store/core';
import { CardList } from '../../../components/card-list';
import { usePhone } from '../../../lib/phone';
import classes from './pricing-table.module.css';

export type PricePeriod = 'month' | 'year';

const number = new Intl.NumberFormat('en-US');

/** Overage per additional page, which can be below a cent: shown to the tenth of a cent. */
function overageText(plan: PricingPlan): string {
  const micros = overagePerAdditionalPageMicros(dollarsToMicros(plan.overagePerRtu), plan.numPagesPerRtu);
  if (micros === 0) return '—';
  const dollars = micros / 1_000_000;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} / page`;
}

/** Spec §2: cost columns in monthly or annual variants (annual = 12 × monthly). */
function cost(dollars: number, period: PricePeriod): string {
  const cents = toCents(dollars) * (period === 'year' ? 12 : 1);
  return formatUsd(cents);
}

function pages(plan: PricingPlan, period: PricePeriod): string {
  return number.format(period === 'year' ? annualRtus(plan.baseRtus) : plan.baseRtus);
}

type Column = { header: string; cell: (plan: PricingPlan, period: PricePeriod) => string; numeric?: boolean };

/** docs/design.md §2: the three variants follow the plan kinds (artist, pro, other). */
export function columnsFor(plans: PricingPlan[], period: PricePeriod): Column[] {
  const per = period === 'year' ? 'Annual' : 'Monthly';
  const pagesHeader = period === 'year' ? 'Pages / year' : 'Pages / month';
  const first = plans[0];
  if (first && isArtistPlan(first)) {
    return [
      { header: pagesHeader, cell: (p, t) => pages(p, t), numeric: true },
      { header: 'Overages', cell: (p) => overageText(p), numeric: true },
      { header: `Base ${per} Cost`, cell: (p, t) => cost(p.monthlyFee, t), numeric: true },
    ];
  }
  if (first && isProPlan(first)) {
    return [
      { header: `Designer ${per} Cost`, cell: (p, t) => cost(p.xtraAutoTagPerMonth, t), numeric: true },
      { header: `Engine ${per} Cost`, cell: (p, t) => cost(p.monthlyFee, t), numeric: true },
    ];
  }
  return [
    { header: pagesHeader, cell: (p, t) => pages(p, t), numeric: true },
    { header: 'Overages', cell: (p) => overageText(p), numeric: true },
    { header: 'Designers', cell: (p) => String(p.numAutoTags), numeric: true },
    {
      header: `Extra Designer ${per} Cost`,
      cell: (p, t) => (p.allowXtraAutoTag ? cost(p.xtraAutoTagPerMonth, t) : '—'),
      numeric: true,
    },
    { header: `Base ${per} Cost`, cell: (p, t) => cost(p.monthlyFee, t), numeric: true },
  ];
}

export interface PricingTableProps {
  plans: PricingPlan[];
  selectedId: number | null;
  onSelect: (plan: PricingPlan) => void;
  period: PricePeriod;
}

/**
 * The plan's radio button and name: the rows are one radio group (Tab reaches the chosen plan, the
 * arrow keys choose another, a screen reader hears which is chosen), drawn as the chosen-plan dot.
 * A click anywhere on the row chooses it too.
 */
function PlanChoice({
  plan,
  selected,
  onSelect,
}: {
  plan: PricingPlan;
  selected: boolean;
  onSelect: () => void;
}) {
  const id = `plan-${plan.pricingPlanId}`;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <input
        type="radio"
        name="pricing-plan"
        id={id}
        className={classes.dot}
        checked={selected}
        onChange={onSelect}
        aria-describedby={plan.description ? `${id}-description` : undefined}
      />
      <div>
        <Text component="label" htmlFor={id} fw={600} size="sm" className={classes.name}>
          {plan.planName}
        </Text>
        {plan.description && (
          <Text id={`${id}-description`} size="xs" c="dimmed" className={classes.description}>
            {plan.description}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** On a phone each plan is a card with its figures under its name, so no price is scrolled out of sight. */
function PlanCards({ plans, selectedId, onSelect, period }: PricingTableProps) {
  const columns = columnsFor(plans, period);
  return (
    <CardList label="Plans" gap="xs">
      {plans.map((plan) => {
        const selected = plan.pricingPlanId === selectedId;
        return (
          <Paper
            key={plan.pricingPlanId}
            component="li"
            withBorder
            p="sm"
            className={selected ? `${classes.row} ${classes.selected}` : classes.row}
            onClick={() => onSelect(plan)}
            data-selected={selected || undefined}
          >
            <PlanChoice plan={plan} selected={selected} onSelect={() => onSelect(plan)} />
            <dl className={classes.figures}>
              {columns.map((c) => (
                <div key={c.header}>
                  <Text component="dt" size="xs" c="dimmed">
                    {c.header}
                  </Text>
                  <Text component="dd" size="sm" m={0} className={classes.numeric} ta="left">
                    {c.cell(plan, period)}
                  </Text>
                </div>
              ))}
            </dl>
          </Paper>
        );
      })}
    </CardList>
  );
}

export function PricingTable(props: PricingTableProps) {
  const phone = usePhone();
  if (phone) return <PlanCards {...props} />;
  const { plans, selectedId, onSelect, period } = props;
  const columns = columnsFor(plans, period);
  return (
    // A narrow window scrolls the table in its own frame, which keyboard users can focus to scroll.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable on purpose
    <section className="table-frame" tabIndex={0} aria-label="Plans (scrolls sideways on small screens)">
      <Table
        miw={640}
        verticalSpacing="sm"
        horizontalSpacing="md"
        className={classes.table}
        data-testid="pricing-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.level}>Level</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.header} className={c.numeric ? classes.numeric : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => {
            const selected = plan.pricingPlanId === selectedId;
            return (
              <Table.Tr
                key={plan.pricingPlanId}
                className={selected ? `${classes.row} ${classes.selected}` : classes.row}
                onClick={() => onSelect(plan)}
                data-selected={selected || undefined}
              >
                <Table.Td className={classes.level}>
                  <PlanChoice plan={plan} selected={selected} onSelect={() => onSelect(plan)} />
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.header} className={c.numeric ? classes.numeric : undefined}>
                    {c.cell(plan, period)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
