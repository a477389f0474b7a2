/** Reading Vite's client build manifest: which files a chunk needs before it runs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The client build manifest has no entry chunk.');
  return key;
}

/** The chunk keys a chunk statically imports, itself included, transitively. */
export function staticChunks(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticChunks(manifest, imported, seen);
  return seen;
}
