import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';

/** The built SPA is served without a token (it signs in by itself), with index.html for client routes. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-dist-'));
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log("app")');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('single-page app', () => {
  it('serves its files without a token, with their content type', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('answers client routes with index.html', async () => {
    for (const url of ['/', '/dashboard', '/client/123?tab=calls', '/logged-out']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('/assets/app.js');
    }
  });

  it('keeps API paths out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
