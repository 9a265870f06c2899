import { afterEach, describe, expect, it, vi } from 'vitest';
import { getActiveDropdowns } from './active-dropdowns.ts';

const CONFIG = { authority: 'http://idp.test', clientId: 'web', scope: 'openid', resource: null, localMode: true };
const OPTION = {
  id: '11111111-1111-4111-8111-111111111111',
  value: 'Personal Injury',
  label: 'Personal Injury',
  dropdownType: 'INQUIRY_LAW_TYPE',
  active: true,
  groupType: null,
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('getActiveDropdowns', () => {
  it('POSTs the type as filter.dropdownType with isActive in the query (SPEC §7)', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).endsWith('/api/config') ? json(CONFIG) : json([OPTION]),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await getActiveDropdowns('INQUIRY_LAW_TYPE')).toEqual([OPTION]);
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('/dropdown/active'))!;
    expect(String(url)).toBe('/api/v1/dropdown/active?isActive=true');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ filter: { dropdownType: 'INQUIRY_LAW_TYPE' } });
  });
});
