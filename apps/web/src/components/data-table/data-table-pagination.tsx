import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZE_ALL, PAGE_SIZE_OPTIONS } from '@casedesk/contract/common/paging';
import { formatTotal } from '@casedesk/contract/common/text';
import { pageItems, totalPagesOf } from './page-items.ts';
import classes from './data-table.module.css';

interface DataTablePaginationProps {
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  totalCountIsLowerBound?: boolean;
  onPageChange: (pageNumber: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  disabled?: boolean;
}

/** SPEC §2/§9 page-size options; "All" is 2147483647. */
export const PAGE_SIZE_SELECT_DATA = PAGE_SIZE_OPTIONS.map((size) => ({
  value: String(size),
  label: size === PAGE_SIZE_ALL ? 'All' : String(size),
}));

const count = new Intl.NumberFormat('en-US');

function rangeText(pageNumber: number, pageSize: number, totalCount: number, lowerBound: boolean): string {
  if (totalCount === 0) return '0 records';
  const total = formatTotal(totalCount, lowerBound);
  if (pageSize >= PAGE_SIZE_ALL) return `${total} records`;
  const from = (pageNumber - 1) * pageSize + 1;
  const to = Math.min(totalCount, pageNumber * pageSize);
  return `${count.format(from)}–${count.format(to)} of ${total}`;
}

export function DataTablePagination(props: DataTablePaginationProps) {
  const { pageNumber, pageSize, totalCount, onPageChange, onPageSizeChange, disabled } = props;
  const lowerBound = props.totalCountIsLowerBound ?? false;
  const totalPages = totalPagesOf(totalCount, pageSize, lowerBound);
  const page = Math.min(Math.max(1, pageNumber), totalPages);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" className={classes.muted} aria-live="polite" data-testid="data-table-range">
        {rangeText(page, pageSize, totalCount, lowerBound)}
      </Text>
      <Group gap="md" wrap="wrap">
        <nav aria-label="Pagination">
          <Pagination.Root total={totalPages} value={page} onChange={onPageChange} size="sm" disabled={disabled}>
            <Group gap={4} wrap="nowrap">
              <Pagination.Previous aria-label="Previous page" />
              {pageItems(page, totalPages).map((item) =>
                typeof item === 'number' ? (
                  <Pagination.Control
                    key={item}
                    active={item === page}
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={`Page ${item}`}
                    onClick={() => onPageChange(item)}
                  >
                    {item}
                  </Pagination.Control>
                ) : (
                  <Pagination.Dots key={item} aria-hidden="true" />
                ),
              )}
              <Pagination.Next aria-label="Next page" />
            </Group>
          </Pagination.Root>
        </nav>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={88}
          data={PAGE_SIZE_SELECT_DATA}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Group>
  );
}
