/**
 * Bytes the browser downloads: the initial JS and CSS every page loads (public pages are eager), and
 * what each lazily loaded screen adds on top, gzip-compressed as the CDN serves them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './report';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`No build manifest at ${file}: run npm run build -w web first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files a chunk loads before it runs: itself, its static imports (transitively) and their CSS. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set<string>([chunk.file, ...(chunk.css ?? [])]);
  for (const imported of chunk.imports ?? [])
    for (const f of staticClosure(manifest, imported, seen)) files.add(f);
  return files;
}

export function gzipBytes(distDir: string, files: Iterable<string>): number {
  let total = 0;
  for (const f of files) total += gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length;
  return total;
}

export function benchWebChunks(distDir: string): BenchRow[] {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry chunk.');
  const initial = staticClosure(manifest, entryKey);
  const rows: BenchRow[] = [
    {
      name: 'initial JS+CSS (every public page)',
      value: gzipBytes(distDir, initial),
      unit: 'B gz',
      note: `${[...initial].length} files`,
    },
  ];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const extra = [...staticClosure(manifest, key)].filter((f) => !initial.has(f));
    rows.push({
      name: `lazy ${chunk.src ?? key}`,
      value: gzipBytes(distDir, extra),
      unit: 'B gz',
      note: 'added on top of initial',
    });
  }
  return rows;
}
