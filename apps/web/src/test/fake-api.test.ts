import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-error.ts';
import { apiFetch, apiRequest } from '@/lib/api-client.ts';
import type { attorneyScheduleSchema } from '@casedesk/contract/attorneys/attorney-schedule';
import type { clientSearchResponseSchema } from '@casedesk/contract/clients/client-search';
import { apiError, fakeApi, file, finishFakeApi } from './fake-api.ts';
import { attorneySchedule, clientSummary, page, uuid } from './fixtures.ts';

const search = (keyword: string) =>
  apiRequest<typeof clientSearchResponseSchema>('/api/v1/client/search', {
    method: 'POST',
    body: { pageNumber: 1, filter: { searchKeyword: keyword } },
    query: { tag: ['a', 'b'] },
    onError: 'log',
  });

const searchAnswer = { ...page([clientSummary()]), totalCountIsLowerBound: false };

afterEach(() => vi.restoreAllMocks());

describe('fakeApi', () => {
  it('answers /api/config itself, routes by method and path, and records each call with its query and body', async () => {
    const api = fakeApi({ 'POST /api/v1/client/search': searchAnswer });
    expect(await search('ana')).toEqual(searchAnswer);
    expect(api.requests).toHaveLength(1);
    const [call] = api.calls('POST /api/v1/client/search');
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/v1/client/search',
      url: '/api/v1/client/search?tag=a&tag=b',
    });
    expect(call!.query).toEqual({ tag: 'b' });
    expect(call!.searchParams.getAll('tag')).toEqual(['a', 'b']);
    expect(api.bodies('POST /api/v1/client/search')).toEqual([{ pageNumber: 1, filter: { searchKeyword: 'ana' } }]);
  });

  it('hands a handler the path parameters and the body', async () => {
    const api = fakeApi({
      'PUT /api/v1/attorney/:attorneyId/availability': ({ params, body }) =>
        attorneySchedule({ attorneyId: params.attorneyId, ...(body as { entries: [] }) }),
    });
    const saved = await apiRequest<typeof attorneyScheduleSchema>(`/api/v1/attorney/${uuid(7)}/availability`, {
      method: 'PUT',
      body: { entries: [] },
    });
    expect(saved.attorneyId).toBe(uuid(7));
    expect(api.calls('PUT /api/v1/attorney/:attorneyId/availability')[0]!.params).toEqual({ attorneyId: uuid(7) });
  });

  it('answers an error in the server’s shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({
      'POST /api/v1/client/search': apiError(400, 'Bad keyword', { fieldErrors: { searchKeyword: 'Bad keyword' } }),
    });
    const error: unknown = await search('x').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(400);
    expect(isApiError(error) && error.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Bad keyword',
      code: 'VALIDATION',
      fieldErrors: { searchKeyword: 'Bad keyword' },
    });
  });

  it('answers an undeclared call 404 NOT_FOUND, lists it and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi();
    const error: unknown = await search('x').catch((e: unknown) => e);
    expect(isApiError(error) && [error.status, error.body?.code]).toEqual([404, 'NOT_FOUND']);
    expect(api.unhandled.map((r) => r.url)).toEqual(['/api/v1/client/search?tag=a&tag=b']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no handler for POST /api/v1/client/search'));
  });

  it('answers a download with its file', async () => {
    fakeApi({ 'POST /api/v1/appointment/export': file('a,b\n', 'text/csv', 'appointments.csv') });
    const response = await apiFetch('/api/v1/appointment/export', { method: 'POST', accept: '*/*' });
    expect(await response.text()).toBe('a,b\n');
    expect(response.headers.get('content-disposition')).toContain('appointments.csv');
  });

  it('fails the test, naming the endpoint, when a fixture drifts from the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const drifted = { ...searchAnswer, items: [{ ...clientSummary(), id: 'not-a-uuid' }] };
    fakeApi({ 'POST /api/v1/client/search': drifted as typeof searchAnswer });
    const error: unknown = await search('x').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(500);
    expect(() => finishFakeApi()).toThrow(
      /the answer of POST \/api\/v1\/client\/search .* does not match the contract:\n {2}- items\.0\.id:/,
    );
  });

  it('fails the test when a handler throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({
      'POST /api/v1/client/search': () => {
        throw new Error('oops');
      },
    });
    await search('x').catch(() => undefined);
    expect(() => finishFakeApi()).toThrow(/handler of POST \/api\/v1\/client\/search .* threw: Error: oops/);
  });

  it('takes new handlers mid-test', async () => {
    const api = fakeApi({ 'POST /api/v1/client/search': apiError(500) });
    api.use({ 'POST /api/v1/client/search': searchAnswer });
    expect((await search('ana')).totalCount).toBe(1);
  });
});
