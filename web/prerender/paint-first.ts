/** The inline paint-first script (src/paint-first.js) as the prerender step writes it into each page. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = join(dirname(fileURLToPath(import.meta.url)), '../src/paint-first.js');

/** The script's text, without its comments (the doc comment and whole // lines are for the people who change it). */
export function paintFirstScript(): string {
  return readFileSync(source, 'utf8')
    .replace(/^\/\*\*[\s\S]*?\*\/\s*/, '')
    .replace(/^[ \t]*\/\/.*\n/gm, '')
    .trim();
}

/** The CSP source that allows exactly this inline script: 'sha256-…'. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
