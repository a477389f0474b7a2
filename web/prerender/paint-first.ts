/** The inline paint-first script (src/paint-first.js) as the prerender step writes it into each page. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'vite';

const source = join(dirname(fileURLToPath(import.meta.url)), '../src/paint-first.js');

/**
 * The script's text as the pages carry it: minified by the minifier that builds the app's chunks (names,
 * comments and spaces are for the people who change it; every page pays for its bytes). A module script, so
 * its top-level names are its own.
 */
export function paintFirstScript(): string {
  const { code, errors } = minifySync('paint-first.js', readFileSync(source, 'utf8'), {
    compress: true,
    mangle: { toplevel: true },
  });
  if (errors.length) throw new Error(`src/paint-first.js does not minify: ${errors[0]!.message}`);
  return code.trim();
}

/** The CSP source that allows exactly this inline script: 'sha256-…'. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
