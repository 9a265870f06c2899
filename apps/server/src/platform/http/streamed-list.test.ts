import { describe, expect, it } from 'vitest';
import { StreamedList } from './streamed-list.ts';

async function* chunks<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

async function text(list: StreamedList<unknown>): Promise<string> {
  let out = '';
  for await (const part of list.json()) out += part;
  return out;
}

describe('a streamed list', () => {
  it('is the JSON object a page is: head, the items of every chunk, then the tail from their count', async () => {
    const list = new StreamedList(
      { pageNumber: 1, pageSize: 2147483647 },
      chunks([{ a: 1 }, { a: 2 }], [], [{ a: '"3"' }]),
      (sent) => ({
        totalCount: sent,
        totalCountIsLowerBound: false,
      }),
    );
    const body = await text(list);
    expect(JSON.parse(body)).toEqual({
      pageNumber: 1,
      pageSize: 2147483647,
      items: [{ a: 1 }, { a: 2 }, { a: '"3"' }],
      totalCount: 3,
      totalCountIsLowerBound: false,
    });
  });

  it('with no rows, and with nothing around them, is still one JSON object', async () => {
    expect(
      JSON.parse(await text(new StreamedList({ pageNumber: 1 }, chunks(), (sent) => ({ totalCount: sent })))),
    ).toEqual({
      pageNumber: 1,
      items: [],
      totalCount: 0,
    });
    expect(JSON.parse(await text(new StreamedList({}, chunks([1], [2]), () => ({}))))).toEqual({ items: [1, 2] });
  });
});
