import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes, type Season } from '@club/shared';
import { toApiGatewayEvent } from '../dev/api-gateway-event';
import { resetConfigForTests } from '../lib/config';
import { NotFoundError } from '../lib/errors';
import { clientAddress } from './authorize';
import { defineHandler, reply } from './http';

const route = routes.getActiveSeason;
/** What the wrapper tests' handlers answer: the wrapper passes it on as it is. */
const SEASON = { name: 'Fall 2026 Tryouts' } as Season;
/** A CloudFront edge: what API Gateway sees as the source of every request CloudFront forwards. */
const EDGE_IP = '130.176.0.1';
const viewerEvent = (headers: Record<string, string>) =>
  toApiGatewayEvent({ method: 'GET', path: '/api/seasons/active', headers, sourceIp: EDGE_IP }, route, {});
const event = (body?: string) =>
  toApiGatewayEvent({ method: route.method, path: '/api/seasons/active', body, headers: {} }, route, {});

describe('the handler wrapper', () => {
  it('validates the body with the schema its row names: 400, the first message and every field error, without running the handler', async () => {
    let ran = false;
    const handler = defineHandler('resetPassword', async () => {
      ran = true;
      return { success: true as const, message: 'Password updated.' };
    });

    const res = await handler(event(JSON.stringify({})));

    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({
      message: 'Invalid or expired link.',
      errors: [
        { field: 'token', msg: 'Invalid or expired link.' },
        { field: 'password', msg: 'Password is required.' },
      ],
    });
    expect(ran).toBe(false);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const handler = defineHandler('resetPassword', async () => ({
      success: true as const,
      message: 'Password updated.',
    }));

    expect((await handler(event('{not json'))).statusCode).toBe(400);
    expect((await handler(event(JSON.stringify({ x: 'a'.repeat(70_000) })))).statusCode).toBe(413);
  });

  it('maps typed errors to their status with a {message} body', async () => {
    const handler = defineHandler('getActiveSeason', async () => {
      throw new NotFoundError('Nothing here.');
    });

    const res = await handler(event());

    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Nothing here.' });
  });

  it('answers an unexpected error with a generic 500 that leaks nothing of it', async () => {
    const handler = defineHandler('getActiveSeason', async () => {
      throw new Error('connection to table-secret-internal failed');
    });

    const res = await handler(event());

    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('table-secret-internal');
    expect(JSON.parse(res.body!)).toEqual({ message: 'Something went wrong. Please try again.' });
  });

  it('passes replies through with their status and cookies', async () => {
    const handler = defineHandler('getActiveSeason', async () => reply.created(SEASON));
    const withCookie = defineHandler('getActiveSeason', async () =>
      reply.ok(SEASON, { cookies: ['a=b; HttpOnly'] }),
    );

    const created = await handler(event());
    const res = await withCookie(event());

    expect(created.statusCode).toBe(201);
    expect(JSON.parse(created.body!)).toEqual({ name: 'Fall 2026 Tryouts' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual(['a=b; HttpOnly']);
  });

  it('ignores a CloudFront viewer header when no origin secret proves CloudFront sent it', async () => {
    let seen: string | undefined;
    const handler = defineHandler('getActiveSeason', async (req) => {
      seen = req.sourceIp;
      return SEASON;
    });

    const res = await handler(viewerEvent({ 'CloudFront-Viewer-Address': '198.51.100.10:46532' }));

    expect(res.statusCode).toBe(200);
    expect(seen).toBe(EDGE_IP);
  });

  it("takes the visitor's address from CloudFront's viewer header only from a verified origin", () => {
    const withHeader = (value?: string) => viewerEvent(value ? { 'CloudFront-Viewer-Address': value } : {});

    expect(clientAddress(withHeader('198.51.100.10:46532'), true)).toBe('198.51.100.10');
    expect(clientAddress(withHeader('2001:db8::1:46532'), true)).toBe('2001:db8::1');
    expect(clientAddress(withHeader(), true)).toBe(EDGE_IP);
    expect(clientAddress(withHeader('<script>:1'), true)).toBe(EDGE_IP);
    expect(clientAddress(withHeader('198.51.100.10:46532'), false)).toBe(EDGE_IP);
  });
});

describe('the origin check, on a stage with CloudFront in front', () => {
  const SECRET = 'origin-secret-for-tests-0123456789abcdefghijkl';
  let runs = 0;
  let seen: string | undefined;
  const handler = defineHandler('getActiveSeason', async (req) => {
    runs += 1;
    seen = req.sourceIp;
    return SEASON;
  });

  beforeEach(() => {
    runs = 0;
    seen = undefined;
    process.env.ORIGIN_VERIFY = SECRET;
    resetConfigForTests();
  });
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY;
    resetConfigForTests();
  });

  it.each([
    ['without the header', {}],
    ['with a wrong value', { 'x-origin-verify': 'origin-secret-for-tests-0123456789abcdefghijkX' }],
    ['with a prefix of the value', { 'x-origin-verify': SECRET.slice(0, -1) }],
    ['with an empty value', { 'x-origin-verify': '' }],
  ])('refuses a request %s with 403 before running anything', async (_case, headers) => {
    const res = await handler(viewerEvent({ ...headers, 'CloudFront-Viewer-Address': '198.51.100.10:1' }));

    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Request not allowed.' });
    expect(runs).toBe(0);
  });

  it("lets CloudFront's request in, with the visitor's address from CloudFront's viewer header", async () => {
    const res = await handler(
      viewerEvent({ 'X-Origin-Verify': SECRET, 'CloudFront-Viewer-Address': '198.51.100.10:46532' }),
    );

    expect(res.statusCode).toBe(200);
    expect(runs).toBe(1);
    expect(seen).toBe('198.51.100.10');
  });
});
