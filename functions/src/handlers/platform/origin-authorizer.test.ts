import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/config';
import { handler } from './origin-authorizer';

const SECRET = 'Zx81'.repeat(12);

/** The request event API Gateway sends an HTTP API authorizer (payload 2.0), lower-case headers. */
function event(headers: Record<string, string>): APIGatewayRequestAuthorizerEventV2 {
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:ca-central-1:111122223333:abc123/$default/POST/api/auth/login',
    identitySource: Object.values(headers),
    routeKey: 'POST /api/auth/login',
    rawPath: '/api/auth/login',
    rawQueryString: '',
    cookies: [],
    headers,
    queryStringParameters: {},
    requestContext: {} as APIGatewayRequestAuthorizerEventV2['requestContext'],
    pathParameters: {},
    stageVariables: {},
  };
}

describe('the origin authorizer', () => {
  beforeEach(() => {
    process.env.ORIGIN_VERIFY = SECRET;
    resetConfigForTests();
  });
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY;
    resetConfigForTests();
  });

  it('lets CloudFront’s request in and names the visitor’s address, without its port', async () => {
    const v4 = await handler(
      event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '198.51.100.10:46532' }),
    );
    const v6 = await handler(
      event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '2001:db8::1:46532' }),
    );

    expect(v4).toEqual({ isAuthorized: true, context: { viewerIp: '198.51.100.10' } });
    expect(v6).toEqual({ isAuthorized: true, context: { viewerIp: '2001:db8::1' } });
  });

  it.each([
    ['a wrong x-origin-verify', { 'x-origin-verify': `${SECRET}x` }],
    ['the secret’s first half', { 'x-origin-verify': SECRET.slice(0, 24) }],
    ['an empty x-origin-verify', { 'x-origin-verify': '' }],
    ['no x-origin-verify', {}],
  ])('refuses %s, naming no address', async (_case, headers: Record<string, string>) => {
    const answer = await handler(event({ ...headers, 'cloudfront-viewer-address': '198.51.100.10:46532' }));

    expect(answer).toEqual({ isAuthorized: false, context: { viewerIp: '' } });
  });

  it('puts no forged address into the log context', async () => {
    const answer = await handler(
      event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '"><script>:1' }),
    );

    expect(answer).toEqual({ isAuthorized: true, context: { viewerIp: '' } });
  });

  it('refuses everything when the stage has no origin secret, rather than opening', async () => {
    delete process.env.ORIGIN_VERIFY;
    resetConfigForTests();

    const answer = await handler(
      event({ 'x-origin-verify': '', 'cloudfront-viewer-address': '198.51.100.10:46532' }),
    );

    expect(answer.isAuthorized).toBe(false);
  });
});
