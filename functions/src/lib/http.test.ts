import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { routes } from '@club/shared';
import { toApiGatewayEvent } from '../dev/api-gateway-event';
import { NotFoundError } from './errors';
import { clientAddress, defineHandler, reply } from './http';

const route = routes.getActiveSeason;
const event = (body?: string) =>
  toApiGatewayEvent({ method: route.method, path: '/api/seasons/active', body, headers: {} }, route, {});

describe('the handler wrapper', () => {
  it('answers a schema failure with 400, the first message and every field error, without running the handler', async () => {
    let ran = false;
    const handler = defineHandler(
      'getActiveSeason',
      {
        body: v.object({
          name: v.pipe(v.string('Name is required.'), v.nonEmpty('Name is required.')),
          n: v.number('Bad n.'),
        }),
      },
      async () => {
        ran = true;
        return {};
      },
    );

    const res = await handler(event(JSON.stringify({ name: '', n: 'x' })));

    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({
      message: 'Name is required.',
      errors: [
        { field: 'name', msg: 'Name is required.' },
        { field: 'n', msg: 'Bad n.' },
      ],
    });
    expect(ran).toBe(false);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const handler = defineHandler('getActiveSeason', { body: v.object({}) }, async () => ({}));

    expect((await handler(event('{not json'))).statusCode).toBe(400);
    expect((await handler(event(JSON.stringify({ x: 'a'.repeat(70_000) })))).statusCode).toBe(413);
  });

  it('maps typed errors to their status with a {message} body', async () => {
    const handler = defineHandler('getActiveSeason', {}, async () => {
      throw new NotFoundError('Nothing here.');
    });

    const res = await handler(event());

    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Nothing here.' });
  });

  it('answers an unexpected error with a generic 500 that leaks nothing of it', async () => {
    const handler = defineHandler('getActiveSeason', {}, async () => {
      throw new Error('connection to table-secret-internal failed');
    });

    const res = await handler(event());

    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('table-secret-internal');
    expect(JSON.parse(res.body!)).toEqual({ message: 'Something went wrong. Please try again.' });
  });

  it('passes replies through with their status and cookies', async () => {
    const handler = defineHandler('getActiveSeason', {}, async () =>
      reply.noContent({ cookies: ['a=b; HttpOnly'] }),
    );

    const res = await handler(event());

    expect(res.statusCode).toBe(204);
    expect(res.cookies).toEqual(['a=b; HttpOnly']);
  });

  it("takes the visitor's address from CloudFront's viewer header, else from API Gateway", () => {
    const withHeader = (value?: string) =>
      toApiGatewayEvent(
        {
          method: 'GET',
          path: '/api/seasons/active',
          headers: value ? { 'CloudFront-Viewer-Address': value } : {},
          sourceIp: '130.176.0.1',
        },
        route,
        {},
      );

    expect(clientAddress(withHeader('198.51.100.10:46532'))).toBe('198.51.100.10');
    expect(clientAddress(withHeader('2001:db8::1:46532'))).toBe('2001:db8::1');
    expect(clientAddress(withHeader())).toBe('130.176.0.1');
    expect(clientAddress(withHeader('<script>:1'))).toBe('130.176.0.1');
  });
});
