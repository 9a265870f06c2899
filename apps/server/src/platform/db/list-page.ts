import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { StreamedList } from '../http/streamed-list.ts';
import type { Database } from './database.ts';
import type { ChunkableSelect } from './select-in-chunks.ts';
import { selectInChunks, STREAMED_LIST_MIN_ROWS } from './select-in-chunks.ts';

export interface ListPage<Item> {
  items: Item[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

export interface ListQuery<Row, Item> {
  /** The page's select, LIMIT and OFFSET applied; not yet run (Drizzle runs a select when it is awaited). */
  rows: ChunkableSelect<Row>;
  /** The object the select was given, in its order (selectInChunks decodes by it). */
  fields: Record<string, unknown>;
  /** The matching rows, for the total; "All" counts what it sends instead. */
  count: () => PromiseLike<number>;
  toItem: (row: Row) => Item;
}

/**
 * One page of a list (SPEC §2). A page longer than STREAMED_LIST_MIN_ROWS ("All" above all) is not held:
 * its rows come from a cursor as they are sent, and "All" is not counted first, its total is what was sent.
 */
export async function listPage<Row, Item>(
  database: Pick<Database, 'cursor'>,
  request: { pageNumber: number; pageSize: number },
  { rows, fields, count, toItem }: ListQuery<Row, Item>,
): Promise<ListPage<Item> | StreamedList<Item>> {
  const { pageNumber, pageSize } = request;
  if (pageSize <= STREAMED_LIST_MIN_ROWS) {
    const [found, totalCount] = await Promise.all([rows, count()]);
    return { items: found.map(toItem), totalCount, pageNumber, pageSize };
  }
  const totalCount = pageSize === PAGE_SIZE_ALL ? undefined : await count();
  async function* items() {
    for await (const chunk of selectInChunks(database, rows, fields)) yield chunk.map(toItem);
  }
  return new StreamedList({ pageNumber, pageSize }, items(), (sent) => ({ totalCount: totalCount ?? sent }));
}
