import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpConnection, request } from './http-connection.ts';

/** A real Node server answering in each of the shapes the load meets: sized, chunked, empty. */
let server: http.Server;
let port: number;
const seen: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      if (req.url === '/sized') {
        res.writeHead(200, { 'content-type': 'application/json', 'server-timing': 'app;dur=1.5' });
        res.end(JSON.stringify({ rows: 'x'.repeat(100_000) }));
      } else if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('a,b\r\n');
        void setTimeout(10).then(() => res.end('c,d\r\n'.repeat(5_000)));
      } else if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HttpConnection', () => {
  it('sends method, path, headers and body, and reads sized, chunked and empty answers on one connection', async () => {
    const connection = new HttpConnection('127.0.0.1', port);
    const headers = { authorization: 'Bearer t', 'content-type': 'application/json' };
    try {
      expect(await connection.send(request('POST', 'h', '/sized', headers, '{"q":"é"}'))).toEqual({
        status: 200,
        serverTiming: 'app;dur=1.5',
      });
      expect(await connection.send(request('GET', 'h', '/chunked', headers))).toEqual({
        status: 200,
        serverTiming: '',
      });
      expect(await connection.send(request('GET', 'h', '/empty', headers))).toEqual({ status: 204, serverTiming: '' });
      // Each answer was read to its end: the connection still serves the next request.
      expect((await connection.send(request('GET', 'h', '/sized', headers))).status).toBe(200);
    } finally {
      connection.close();
    }
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /sized',
      'GET /chunked',
      'GET /empty',
      'GET /sized',
    ]);
    // The body's length is counted in bytes, not characters.
    expect(seen[0]!.body).toBe('{"q":"é"}');
    expect(seen[0]!.headers.authorization).toBe('Bearer t');
    // One keep-alive connection carried all four.
    expect(new Set(seen.map((s) => s.headers.connection ?? 'keep-alive'))).toEqual(new Set(['keep-alive']));
  });

  it('reads an answer whose head and body arrive in pieces, the head itself cut in two', async () => {
    // A raw socket server, as Node's own would not send a head in two writes.
    const pieces = ['HTTP/1.1 404 Not Found\r\ncontent-le', 'ngth: 5\r\nserver-timing: app;dur=2\r\n\r\nno', 'pe!'];
    const raw = net.createServer((socket) => {
      socket.on('data', async () => {
        for (const piece of pieces) {
          socket.write(piece);
          await setTimeout(10);
        }
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const connection = new HttpConnection('127.0.0.1', (raw.address() as AddressInfo).port);
    try {
      for (let i = 0; i < 2; i++) {
        expect(await connection.send(request('GET', 'h', '/', {}))).toEqual({ status: 404, serverTiming: 'app;dur=2' });
      }
    } finally {
      connection.close();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it('a connection refused before any request is sent on it does not end the process', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', record);
    try {
      const connection = new HttpConnection('127.0.0.1', port);
      await setTimeout(200);
      await expect(connection.send(request('GET', 'h', '/', {}))).rejects.toThrow('ECONNREFUSED');
      connection.close();
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(rejections).toEqual([]);
  });

  it('rejects the request in flight when the server closes the connection', async () => {
    const closing = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const connection = new HttpConnection('127.0.0.1', (closing.address() as AddressInfo).port);
    try {
      await expect(connection.send(request('GET', 'h', '/', {}))).rejects.toThrow('closed');
    } finally {
      connection.close();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
  });
});
