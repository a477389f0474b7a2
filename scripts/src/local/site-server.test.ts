import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteHandler, fileForPath } from './site-server';

describe('the local site server maps paths like the CDN', () => {
  it('serves prerendered pages from their own file', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/about')).toBe('about/index.html');
    expect(fileForPath('/FallTeams/Girls/')).toBe('FallTeams/Girls/index.html');
    expect(fileForPath('/dashboard')).toBe('dashboard/index.html');
  });

  it('serves the SPA shell for other pages and files as they are', () => {
    expect(fileForPath('/account')).toBe('shell.html');
    expect(fileForPath('/reset-password/abc')).toBe('shell.html');
    expect(fileForPath('/assets/index-abc.js')).toBe('assets/index-abc.js');
  });
});

describe('the local site server sends the headers CloudFront adds', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    // Prepare: a small build, one file of each kind the site serves
    const dist = mkdtempSync(join(tmpdir(), 'club-site-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'about'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root" data-prerendered-path="/"></div>');
    writeFileSync(join(dist, 'about/index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'shell.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets/index-abc.js'), 'export {};');
    const handler = createSiteHandler(dist, async (_req, res) => void res.writeHead(204).end());
    server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['a prerendered page', '/', 200],
    ['another prerendered page', '/about', 200],
    ['a screen served from the shell', '/dashboard', 200],
    ['a hashed asset', '/assets/index-abc.js', 200],
    ['a missing file', '/assets/missing.js', 404],
  ])('sends the Content-Security-Policy word for word with %s', async (_kind, path, status) => {
    // Act
    const res = await fetch(`${origin}${path}`);

    // Assess: scripts from the site and the one inline script by its hash (no 'unsafe-inline'), no plugins,
    // never framed
    expect(res.status).toBe(status);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' 'sha256-eNOQtk8wf+EvZCtXpsV4zUK+7lD0JVoCYm6fa7JuMZw='; " +
        "style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self' https://*.ingest.sentry.io https://*.ingest.us.sentry.io; " +
        "frame-ancestors 'none'; form-action 'self' https://checkout.stripe.com; base-uri 'self'; " +
        "object-src 'none'",
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
