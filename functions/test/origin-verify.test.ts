/**
 * The origin check, through the real handlers: on a stage with CloudFront in front (ORIGIN_VERIFY set, as
 * ORIGIN_VERIFY_SECRET_ARN sets it in AWS) a request that skipped CloudFront is refused before it changes
 * anything, and CloudFront's viewer address is believed only from CloudFront. The per-address limits are
 * the behaviour a family would notice.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeList } from '@club/shared';
import { db, tableName } from '../src/db/platform/client';
import { resetConfigForTests } from '../src/lib/config';
import { call } from './api';
import { sameOrigin, signedInUser, uniqueEmail } from './accounts';

const SECRET = `origin-${randomUUID()}`;
/** What API Gateway sees as the source of everything CloudFront forwards from one edge. */
const EDGE_IP = '130.176.0.9';
/** Forgot-password requests one client address may make in an hour (docs/decisions/0024-rate-limits-fixed-windows.md); the 21st gets 429. */
const FORGOT_REQUESTS_PER_ADDRESS = 20;

async function tableSnapshot(): Promise<string> {
  const out = await db().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }));
  return JSON.stringify((out.Items ?? []).map((i) => JSON.stringify(i)).sort());
}

const useOriginSecret = (value: string | undefined): void => {
  if (value === undefined) delete process.env.ORIGIN_VERIFY;
  else process.env.ORIGIN_VERIFY = value;
  resetConfigForTests();
};

afterEach(() => useOriginSecret(undefined));

/** A forgot-password call for a fresh e-mail (so only the per-address limit can refuse it). */
const forgot = (headers: Record<string, string>) =>
  call('forgotPassword', {
    body: { email: uniqueEmail('origin') },
    headers: { ...sameOrigin, ...headers },
    sourceIp: EDGE_IP,
  });

describe('with an origin secret configured', () => {
  let family: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    family = await signedInUser(); // signed in before the secret is set, so it has real credentials to try
  });
  beforeEach(() => useOriginSecret(SECRET));

  it.each([
    ['without x-origin-verify', {}],
    ['with a wrong x-origin-verify', { 'x-origin-verify': `origin-${randomUUID()}` }],
  ])('refuses every route %s with 403, changing nothing', async (_case, headers) => {
    const before = await tableSnapshot();

    for (const route of routeList()) {
      const params = Object.fromEntries(
        [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, randomUUID()]),
      );
      const res = await call(route.name, {
        params,
        body: route.method === 'GET' ? undefined : { email: family.email, password: family.password },
        token: family.token,
        cookies: [family.refreshCookie],
        headers: {
          ...sameOrigin,
          ...headers,
          'stripe-signature': 't=1,v1=00',
          'cloudfront-viewer-address': '198.51.100.7:443',
        },
      });

      expect({ route: route.name, status: res.status, body: res.body, cookies: res.cookies }).toEqual({
        route: route.name,
        status: 403,
        body: { message: 'Request not allowed.' },
        cookies: [],
      });
    }
    expect(await tableSnapshot()).toBe(before);
  });

  it('limits each visitor by the address CloudFront names, not by the shared edge', async () => {
    const viaCloudFront = (viewer: string) =>
      forgot({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': `${viewer}:50000` });
    const busy = '198.51.100.10';

    for (let i = 0; i < FORGOT_REQUESTS_PER_ADDRESS; i++) {
      expect((await viaCloudFront(busy)).status).toBe(200);
    }

    expect((await viaCloudFront(busy)).status).toBe(429);
    // Another family behind the same edge is not throttled with the first.
    expect((await viaCloudFront('203.0.113.20')).status).toBe(200);
  }, 60_000);
});

describe('without an origin secret (local stack)', () => {
  it('ignores a forged CloudFront viewer address: the limit follows the real source address', async () => {
    for (let i = 0; i < FORGOT_REQUESTS_PER_ADDRESS; i++) {
      expect((await forgot({ 'cloudfront-viewer-address': `192.0.2.${i + 1}:1` })).status).toBe(200);
    }

    expect((await forgot({ 'cloudfront-viewer-address': '192.0.2.250:1' })).status).toBe(429);
  }, 60_000);
});
