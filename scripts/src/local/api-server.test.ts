import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** One raw HTTP/1.1 request to the local API server; the answer's status, headers and body as sent. */
function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; chunks?: string[] },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

describe('the local API server answers as API Gateway does', () => {
  let server: Server;
  let port: number;
  const siteUrl = 'http://localhost:5173';

  beforeAll(async () => {
    // Only what the wrapper reads before a request reaches the table: none of these requests gets that far.
    vi.stubEnv('TABLE_NAME', 'club-api-server-test');
    vi.stubEnv('SITE_URL', siteUrl);
    vi.stubEnv('JWT_SECRET', 'a-local-test-secret-of-at-least-32-characters');
    vi.stubEnv('LOG_LEVEL', 'silent');
    const { handleApiRequest } = await import('./api-server');
    server = createServer((req, res) => void handleApiRequest(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    vi.unstubAllEnvs();
  });

  it("sends a handler's answer whole, with its length, not in chunks", async () => {
    const res = await send(port, { method: 'GET', path: '/api/account' });

    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ message: 'Not signed in.' });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers['transfer-encoding']).toBeUndefined();
  });

  it('sends its own answers (an unknown route, a wrong method) with their length too', async () => {
    const unknown = await send(port, { method: 'GET', path: '/api/no-such-route' });
    const wrongMethod = await send(port, { method: 'DELETE', path: '/api/seasons/active' });

    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([404, { message: 'Not Found' }]);
    expect([wrongMethod.status, JSON.parse(wrongMethod.body)]).toEqual([
      405,
      { message: 'Method Not Allowed' },
    ]);
    for (const res of [unknown, wrongMethod]) {
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
      expect(res.headers['transfer-encoding']).toBeUndefined();
    }
  });

  it('answers a path with a malformed escape 400, and goes on answering (issue 42)', async () => {
    // Prepare: the unhandled rejection that used to stop the stack is caught here, to be asserted on
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);

    // Act
    const malformed = await send(port, { method: 'DELETE', path: '/api/household/athletes/%E0%A4%A' });
    const next = await send(port, { method: 'GET', path: '/api/account' });
    process.off('unhandledRejection', onRejection);

    // Assess
    expect([malformed.status, JSON.parse(malformed.body)]).toEqual([400, { message: 'Bad Request' }]);
    expect(malformed.headers['content-length']).toBe(String(Buffer.byteLength(malformed.body)));
    expect(next.status).toBe(401);
    expect(rejections).toEqual([]);
  });

  it('reads a body sent in chunks whole before the handler sees it', async () => {
    // Two chunks that are JSON only together: a body read in part would answer 'Invalid request body.', a
    // body not read at all 'Email is required.'; read whole, the empty password is what is missing.
    const res = await send(port, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: siteUrl, 'transfer-encoding': 'chunked' },
      chunks: ['{"email": "parent@example.com",', ' "password": ""}'],
    });

    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toBe('Password is required.');
  });
});
