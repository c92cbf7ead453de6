import { afterEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiErrorFromBody, apiRequest, networkError } from './api-client.ts';

describe('apiErrorFromBody (the one reader of a refused request body)', () => {
  test("the API's error shape gives its code, message and field details", () => {
    const error = apiErrorFromBody(400, {
      error: { code: 'VALIDATION', message: 'Check the highlighted fields.', details: [{ path: 'email', message: 'Enter a valid e-mail address' }] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, code: error.code, message: error.message, details: error.details }).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: 'Check the highlighted fields.',
      details: [{ path: 'email', message: 'Enter a valid e-mail address' }],
    });
  });

  test('without details, details stay undefined', () => {
    const error = apiErrorFromBody(403, { error: { code: 'FORBIDDEN', message: 'Your current role does not have access to this.' } });
    expect([error.status, error.code, error.message, error.details]).toEqual([403, 'FORBIDDEN', 'Your current role does not have access to this.', undefined]);
  });

  test.each([
    { label: 'no body', body: null },
    { label: 'a proxy page read as text', body: '<html>Bad gateway</html>' },
    { label: 'an unknown code', body: { error: { code: 'TEAPOT', message: 'short and stout' } } },
    { label: 'a message that is not text', body: { error: { code: 'CONFLICT', message: 42 } } },
    { label: 'another JSON shape', body: { message: 'Not Found', statusCode: 404 } },
  ])('$label gives the generic message with the status kept', ({ body }) => {
    const error = apiErrorFromBody(502, body);
    expect([error.status, error.code, error.message]).toEqual([502, 'INTERNAL', 'Something went wrong. Please try again.']);
  });

  test('networkError is status 0, code NETWORK', () => {
    const error = networkError();
    expect([error.status, error.code, error.message]).toEqual([0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.']);
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));

  test("a refused request throws the server's error", async () => {
    answer(409, { error: { code: 'CONFLICT', message: 'A lead with this e-mail already exists.' } });
    await expect(apiRequest('/api/leads', { method: 'POST', body: {}, schema: z.unknown() })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'A lead with this e-mail already exists.',
    });
  });

  test('a failed fetch throws the network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/api/leads', { schema: z.unknown() })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  test('an answer is parsed with the schema and sent to the path with the JSON body', async () => {
    answer(200, { id: 'a1' });
    expect(await apiRequest('/api/leads/a1', { method: 'PUT', body: { name: 'Ann' }, schema: z.object({ id: z.string() }) })).toEqual({ id: 'a1' });
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/leads/a1', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ann"}',
    });
  });
});
