import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A list answer too long to hold (SPEC §2 "All"): the same JSON object a page is, written as its rows are
 * read. `head` comes before the items; `tail` after them, from how many were sent (for "All" that count is
 * the total, so no second pass counts the rows).
 */
export class StreamedList<Item> {
  constructor(
    readonly head: Record<string, unknown>,
    readonly batches: AsyncIterable<Item[]>,
    readonly tail: (sent: number) => Record<string, unknown>,
  ) {}

  async *json(): AsyncGenerator<string> {
    const head = JSON.stringify(this.head);
    yield `${head.slice(0, -1)}${head === '{}' ? '' : ','}"items":[`;
    let sent = 0;
    for await (const batch of this.batches) {
      if (batch.length === 0) continue;
      yield (sent > 0 ? ',' : '') + batch.map((item) => JSON.stringify(item)).join(',');
      sent += batch.length;
    }
    const tail = JSON.stringify(this.tail(sent));
    yield `]${tail === '{}' ? '' : `,${tail.slice(1, -1)}`}}`;
  }
}

/**
 * Sends a list: a page through the route's response schema as usual, a streamed one as it is read. A
 * failure after the first bytes cannot become an error answer any more: the connection is cut, so the
 * client sees a broken answer, never a short list taken for whole.
 */
export function sendList<Page>(reply: FastifyReply, list: Page | StreamedList<unknown>): Page | FastifyReply {
  if (!(list instanceof StreamedList)) return list;
  return reply
    .type('application/json; charset=utf-8')
    .send(Readable.from(list.json(), { objectMode: false, highWaterMark: 1 }));
}
