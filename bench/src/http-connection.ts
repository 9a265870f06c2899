import net from 'node:net';

/** What the load keeps of a response: its status and its Server-Timing header (empty when there is none). */
export interface LeanResponse {
  status: number;
  serverTiming: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const READ_BUFFER_BYTES = 64 * 1024;
const EMPTY = Buffer.alloc(0);

/**
 * One keep-alive HTTP/1.1 connection that sends a request, waits for its whole response and keeps only the
 * status and the Server-Timing header; the body's bytes are counted past, never gathered or decoded.
 *
 * Why not autocannon: on our 2-core machines the load generator shares the cores with the server and
 * PostgreSQL, and autocannon concatenates every response body (its `addBody`, whatever its options) and
 * parses with a JavaScript HTTP parser: 0.38–0.42 ms of CPU a search request (this client: 0.18–0.24), a
 * quarter of the server's own. The cores that take are missing from the HTTP route's throughput and not from
 * its bare SQL's, so the ratio judged the load generator as much as the server. In production the callers are
 * browsers on other machines (docs/decisions/0010).
 *
 * Enough of HTTP/1.1 for our own server's answers: a Content-Length body, a chunked one (streamed exports),
 * or none (204, 304). One request at a time (no pipelining), as a browser's connection.
 */
export class HttpConnection {
  private readonly socket: net.Socket;
  private readonly ready: Promise<void>;
  /** Bytes received and not yet parsed (a head split across packets, a chunk-size line). */
  private pending: Buffer = EMPTY;
  private state: 'idle' | 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'trailers' = 'idle';
  /** Body bytes still to skip (a Content-Length body, or the current chunk with its CRLF). */
  private remaining = 0;
  private response: LeanResponse = { status: 0, serverTiming: '' };
  private settle?: { resolve(response: LeanResponse): void; reject(error: Error): void };
  private failure?: Error;

  constructor(host: string, port: number) {
    // Reads land in one buffer of the connection's own (`onread`), not in a new Buffer per read pushed
    // through a stream: the bytes are only counted past, and what must wait for more is copied out.
    const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    this.socket = net.connect({
      host,
      port,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (bytes) => {
          this.receive(readBuffer.subarray(0, bytes));
          return true;
        },
      },
    });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    // A connection that fails before any request is sent on it (the load's last replacement, say) must not
    // end the process as an unhandled rejection; `send` still awaits `ready` and throws its error.
    this.ready.catch(() => undefined);
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('The server closed the connection')));
  }

  /** Sends one whole request (head and body, as `request` builds it) and resolves with its response. */
  async send(bytes: Buffer): Promise<LeanResponse> {
    await this.ready;
    if (this.failure) throw this.failure;
    if (this.settle) throw new Error('One request at a time on a connection');
    this.state = 'head';
    this.response = { status: 0, serverTiming: '' };
    const answered = new Promise<LeanResponse>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.socket.write(bytes);
    return answered;
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.state = 'idle';
    const settle = this.settle;
    this.settle = undefined;
    settle?.reject(error);
  }

  private receive(data: Buffer): void {
    let buffer = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    this.pending = EMPTY;
    while (buffer.length > 0 && this.state !== 'idle') {
      if (this.state === 'body' || this.state === 'chunk-data') {
        const skipped = Math.min(this.remaining, buffer.length);
        this.remaining -= skipped;
        buffer = buffer.subarray(skipped);
        if (this.remaining === 0) {
          if (this.state === 'body') this.finish();
          else this.state = 'chunk-size';
        }
        continue;
      }
      const delimiter = this.state === 'head' ? HEAD_END : CRLF;
      const end = buffer.indexOf(delimiter);
      if (end < 0) break;
      const line = buffer.toString('latin1', 0, end);
      buffer = buffer.subarray(end + delimiter.length);
      if (this.state === 'head') this.readHead(line);
      else if (this.state === 'chunk-size') this.readChunkSize(line);
      else if (line === '') this.finish(); // the empty line that ends a chunked body's trailers
    }
    if (buffer.length === 0) return;
    // Bytes beyond the answer (or with no request out) would be read as the next answer's head: a misread.
    if (this.state === 'idle') this.fail(new Error('Bytes after the end of the response'));
    else this.pending = Buffer.from(buffer);
  }

  private readHead(head: string): void {
    const lines = head.split('\r\n');
    this.response.status = Number(lines[0]!.slice(9, 12));
    let contentLength = 0;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (name === 'content-length') contentLength = Number(line.slice(colon + 1));
      else if (name === 'transfer-encoding') chunked = line.toLowerCase().includes('chunked');
      else if (name === 'server-timing') this.response.serverTiming = line.slice(colon + 1).trim();
    }
    const bodiless = this.response.status === 204 || this.response.status === 304;
    if (bodiless || (!chunked && contentLength === 0)) this.finish();
    else if (chunked) this.state = 'chunk-size';
    else {
      this.state = 'body';
      this.remaining = contentLength;
    }
  }

  private readChunkSize(line: string): void {
    const size = Number.parseInt(line, 16);
    if (Number.isNaN(size)) this.fail(new Error(`Not a chunk size: ${JSON.stringify(line)}`));
    else if (size === 0) this.state = 'trailers';
    else {
      this.state = 'chunk-data';
      this.remaining = size + CRLF.length;
    }
  }

  private finish(): void {
    this.state = 'idle';
    const settle = this.settle;
    this.settle = undefined;
    settle?.resolve(this.response);
  }
}

/** The bytes of one HTTP/1.1 request with a keep-alive connection (HTTP/1.1's default). */
export function request(
  method: string,
  host: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Buffer {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}
