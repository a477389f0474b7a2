/**
 * Serves the built SPA the way CloudFront does: prerendered public pages by path, the SPA shell for every
 * other page, hashed assets cached for a year, compression, the same security headers, and /api on the
 * same origin.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import { CONTENT_SECURITY_POLICY, PRERENDERED_PATHS, SPA_SHELL_FILE, prerenderedFile } from '@club/shared';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);

/** The headers CloudFront's response-headers policy adds (infra web stack). */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const prerendered = new Set<string>(PRERENDERED_PATHS);

/** Maps a request path to the file CloudFront's viewer-request function would fetch. */
export function fileForPath(pathname: string): string {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (prerendered.has(path)) return prerenderedFile(path);
  if (extname(path) === '') return SPA_SHELL_FILE;
  return path.slice(1);
}

export function createSiteHandler(
  distDir: string,
  api: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
) {
  const root = resolve(distDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return api(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let relative: string;
    try {
      relative = fileForPath(decodeURIComponent(url.pathname));
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, relative));
    // A prerendered page missing from a partial build falls back to the SPA shell, which renders it too.
    if (relative.endsWith('index.html') && !existsSync(file)) file = join(root, SPA_SHELL_FILE);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
        .end('Not found');
      return;
    }
    const ext = extname(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    };
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    } else headers['content-length'] = String(statSync(file).size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  };
}
