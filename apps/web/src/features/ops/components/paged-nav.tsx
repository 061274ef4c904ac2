import { Group, Pagination, Text } from '@mantine/core';

/** The range shown and the page links under a paged list of the console. */
export function PagedNav({
  label,
  page,
  pageSize,
  total,
  shown,
  onChange,
}: {
  label: string;
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
      <Text size="sm" c="dimmed">
        {total === 0 ? `No ${label.toLowerCase()}` : `${label} ${first + 1}–${first + shown} of ${total}`}
      </Text>
      {pages > 1 && (
        <nav aria-label={`${label} pages`}>
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
