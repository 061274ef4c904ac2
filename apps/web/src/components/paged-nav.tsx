import { Group, Pagination, Text } from '@mantine/core';

/** The range shown and the page links under a paged list (the console's lists, Activity, Billing History). */
export function PagedNav({
  label,
  navLabel = `${label} pages`,
  rangeTestId,
  page,
  pageSize,
  total,
  shown,
  onChange,
}: {
  /** What the list holds, as the range names it ("Bills 1–50 of 120"). */
  label: string;
  /** The page links' name, when not "{label} pages". */
  navLabel?: string;
  rangeTestId?: string;
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid={rangeTestId}>
        {total === 0 ? `No ${label.toLowerCase()}` : `${label} ${first + 1}–${first + shown} of ${total}`}
      </Text>
      {pages > 1 && (
        <nav aria-label={navLabel}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </nav>
      )}
    </Group>
  );
}
