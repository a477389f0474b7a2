/**
 * How a function's asset is built: a code-split ESM bundle (index.mjs + chunks/), the same bytes for the same
 * sources, and argon2 with only the Lambda (linux-arm64) prebuild exactly when the entry or a chunk imports it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLE_FILE,
  buildLambdaAsset,
  bundleImports,
  bundleLambda,
  CHUNK_DIR,
  ESM_REQUIRE_BANNER,
  handlerEntry,
  lambdaEsbuildOptions,
  LAMBDA_PREBUILD,
  prebundleLambdas,
} from '../lib/bundling';

const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/** A handler made of `files` (name → TypeScript source; the entry is handler.ts), built as a function asset. */
function assetOf(files: Record<string, string>): { out: string; bundle: ReturnType<typeof bundleLambda> } {
  const src = tempDir('club-handler-');
  for (const [name, code] of Object.entries(files)) writeFileSync(join(src, name), code);
  const out = tempDir('club-asset-');
  return { out, bundle: buildLambdaAsset(join(src, 'handler.ts'), out) };
}

describe('native module bundling', () => {
  it('recognises the ways an ESM bundle loads argon2, and nothing else', () => {
    expect(bundleImports('import{hash as a}from"argon2";', 'argon2')).toBe(true);
    expect(bundleImports('import * as a from "argon2";', 'argon2')).toBe(true);
    expect(bundleImports('const a=await import("argon2");', 'argon2')).toBe(true);
    expect(bundleImports('var a=require("argon2");', 'argon2')).toBe(true);
    expect(bundleImports('const s="$argon2id$v=19";', 'argon2')).toBe(false);
    expect(bundleImports('import{x}from"argon2-browser";', 'argon2')).toBe(false);
  });

  it('copies argon2, its linux-arm64 prebuild only, and its run-time dependencies', () => {
    const { out } = assetOf({
      'handler.ts': 'import { hash } from "argon2";\nexport const handler = () => hash("x");\n',
    });
    const argon2 = join(out, 'node_modules/argon2');

    expect(readdirSync(join(argon2, 'prebuilds'))).toEqual([LAMBDA_PREBUILD]);
    expect(readdirSync(join(argon2, 'prebuilds', LAMBDA_PREBUILD)).some((f) => f.endsWith('.node'))).toBe(
      true,
    );
    expect(existsSync(join(argon2, 'package.json'))).toBe(true);
    expect(existsSync(join(argon2, 'argon2.cjs'))).toBe(true);
    expect(existsSync(join(out, 'node_modules/node-gyp-build/index.js'))).toBe(true);
    expect(existsSync(join(out, 'node_modules/@phc/format/index.js'))).toBe(true);
    // Sources, headers and build-only dependencies stay out of the asset.
    expect(existsSync(join(argon2, 'argon2'))).toBe(false);
    expect(existsSync(join(out, 'node_modules/node-addon-api'))).toBe(false);
  });

  it('copies argon2 when only a lazily loaded chunk imports it', () => {
    const { out, bundle } = assetOf({
      'handler.ts': 'export const handler = async () => (await import("./hashing")).run();\n',
      'hashing.ts': 'import { hash } from "argon2";\nexport const run = () => hash("x");\n',
    });
    const entry = readFileSync(join(out, BUNDLE_FILE), 'utf8');

    expect(bundleImports(entry, 'argon2')).toBe(false);
    expect(bundle.nativeImports).toEqual(['argon2']);
    expect(existsSync(join(out, 'node_modules/argon2/prebuilds', LAMBDA_PREBUILD))).toBe(true);
  });

  it('lets node-gyp-build find the arm64 glibc addon in the copied package, as on Lambda', () => {
    const { out } = assetOf({
      'handler.ts': 'import { verify } from "argon2";\nexport const handler = verify;\n',
    });
    const found = execFileSync(
      process.execPath,
      ['-e', 'process.stdout.write(require(process.argv[1]).path(process.argv[2]))', '--'].concat([
        join(out, 'node_modules/node-gyp-build'),
        join(out, 'node_modules/argon2'),
      ]),
      { env: { ...process.env, npm_config_arch: 'arm64', npm_config_platform: 'linux' }, encoding: 'utf8' },
    );
    expect(found).toBe(join(out, 'node_modules/argon2/prebuilds/linux-arm64/argon2.armv8.glibc.node'));
  });

  it('adds nothing to a bundle that does not import argon2', () => {
    const { out, bundle } = assetOf({
      'handler.ts': 'const hashPrefix = "$argon2id$";\nexport const handler = () => hashPrefix;\n',
    });
    expect(bundle.nativeImports).toEqual([]);
    expect(existsSync(join(out, 'node_modules'))).toBe(false);
  });

  it('keeps argon2 external and emits code-split node22 ESM with a require shim', () => {
    expect(lambdaEsbuildOptions).toMatchObject({
      format: 'esm',
      platform: 'node',
      target: 'node22',
      minify: true,
      sourcemap: true,
      external: ['argon2'],
      banner: { js: ESM_REQUIRE_BANNER },
      splitting: true,
      entryNames: 'index',
      outExtension: { '.js': '.mjs' },
    });
  });
});

describe('code-split bundles', () => {
  it('puts a lazily imported module in its own chunk, loaded by a relative import', () => {
    const { out, bundle } = assetOf({
      'handler.ts': 'export const handler = async () => (await import("./reporting")).report();\n',
      'reporting.ts': 'export const report = () => "REPORTING-MODULE-MARKER";\n',
    });
    const entry = readFileSync(join(out, BUNDLE_FILE), 'utf8');
    const chunks = readdirSync(join(out, CHUNK_DIR)).filter((f) => f.endsWith('.mjs'));

    expect(bundle.files).toContain(BUNDLE_FILE);
    expect(entry).not.toContain('REPORTING-MODULE-MARKER');
    expect(chunks).toHaveLength(1);
    expect(readFileSync(join(out, CHUNK_DIR, chunks[0]!), 'utf8')).toContain('REPORTING-MODULE-MARKER');
    expect(entry).toContain(`import("./${CHUNK_DIR}/${chunks[0]}")`);
    // Linked source maps, beside every file, for NODE_OPTIONS=--enable-source-maps.
    expect(entry.trimEnd().endsWith(`//# sourceMappingURL=${BUNDLE_FILE}.map`)).toBe(true);
    expect(existsSync(join(out, CHUNK_DIR, `${chunks[0]}.map`))).toBe(true);
  });

  it('gives the same bytes for the same sources, wherever it is built', () => {
    const entry = handlerEntry('seasons/get-active');
    const [first, second] = [tempDir('club-a-'), join(tempDir('club-b-'), 'deeper/still')];
    const a = bundleLambda(entry, first);
    const b = bundleLambda(entry, second!);

    expect(b.files).toEqual(a.files);
    for (const file of a.files) {
      expect(readFileSync(join(second!, file)).equals(readFileSync(join(first, file))), file).toBe(true);
    }
    // Source-map paths are repository paths, not paths of the machine or folder that built it.
    const map = JSON.parse(readFileSync(join(first, `${BUNDLE_FILE}.map`), 'utf8')) as { sources: string[] };
    expect(map.sources).toContain('functions/src/handlers/seasons/get-active.ts');
  });

  it('runs: the entry and its chunks import in a fresh Node process and export handler', () => {
    const out = tempDir('club-run-');
    bundleLambda(handlerEntry('seasons/get-active'), out);
    const exported = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'const m = await import(process.argv[1]); process.stdout.write(typeof m.handler);',
        `file://${join(out, BUNDLE_FILE)}`,
      ],
      { env: { ...process.env, TABLE_NAME: 't', SITE_URL: 'https://club.example' }, encoding: 'utf8' },
    );
    expect(exported).toBe('function');
  });
});

describe('the inner loop’s bundle cache (issue 35)', () => {
  it('reuses a bundle while every file it was built from is unchanged, and rebuilds once one changes', () => {
    // Prepare: a handler importing a helper, bundled once with a cache
    const src = tempDir('club-cached-handler-');
    writeFileSync(join(src, 'helper.ts'), "export const greeting = 'first';\n");
    writeFileSync(
      join(src, 'handler.ts'),
      "import { greeting } from './helper';\nexport const handler = async () => greeting;\n",
    );
    const cache = tempDir('club-bundle-cache-');
    const bundle = () => {
      const out = tempDir('club-cached-asset-');
      const saved = process.env.CLUB_BUNDLE_CACHE;
      process.env.CLUB_BUNDLE_CACHE = cache;
      try {
        bundleLambda(join(src, 'handler.ts'), out);
      } finally {
        if (saved === undefined) delete process.env.CLUB_BUNDLE_CACHE;
        else process.env.CLUB_BUNDLE_CACHE = saved;
      }
      return readFileSync(join(out, BUNDLE_FILE), 'utf8');
    };
    const fresh = bundle();
    // Mark the cached copy, to tell a reuse from a rebuild
    const [key] = readdirSync(cache);
    const cachedEntry = join(cache, key!, 'files', BUNDLE_FILE);
    writeFileSync(cachedEntry, `${readFileSync(cachedEntry, 'utf8')}// from the cache\n`);

    // Act: again unchanged, then with the helper changed
    const reused = bundle();
    writeFileSync(join(src, 'helper.ts'), "export const greeting = 'second';\n");
    const rebuilt = bundle();

    // Assess
    expect(fresh).toContain('"first"');
    expect(reused).toBe(`${fresh}// from the cache\n`);
    expect(rebuilt).toContain('"second"');
    expect(rebuilt).not.toContain('// from the cache');
  });

  it('builds afresh when another test file is replacing the cached entry it reads, instead of failing', () => {
    // Prepare: a bundled handler whose cache entry lost its files mid-read (another process replacing it)
    const src = tempDir('club-raced-handler-');
    writeFileSync(join(src, 'handler.ts'), "export const handler = async () => 'raced';\n");
    const cache = tempDir('club-raced-cache-');
    const bundle = () => {
      const out = tempDir('club-raced-asset-');
      const saved = process.env.CLUB_BUNDLE_CACHE;
      process.env.CLUB_BUNDLE_CACHE = cache;
      try {
        bundleLambda(join(src, 'handler.ts'), out);
      } finally {
        if (saved === undefined) delete process.env.CLUB_BUNDLE_CACHE;
        else process.env.CLUB_BUNDLE_CACHE = saved;
      }
      return readFileSync(join(out, BUNDLE_FILE), 'utf8');
    };
    bundle();
    const [key] = readdirSync(cache);
    rmSync(join(cache, key!, 'files'), { recursive: true, force: true });

    // Act
    const again = bundle();

    // Assess: a whole bundle, and the cache holds one whole entry again (nothing half-written beside it)
    expect(again).toContain('"raced"');
    expect(readdirSync(cache)).toEqual([key]);
    expect(readdirSync(join(cache, key!, 'files'))).toContain(BUNDLE_FILE);
  });
});

describe('bundling ahead of a synth', () => {
  /** Runs `work` with the inner loop's cache off, so every bundle here is built, not reused. */
  async function withoutCache<T>(work: () => Promise<T> | T): Promise<T> {
    const saved = process.env.CLUB_BUNDLE_CACHE;
    delete process.env.CLUB_BUNDLE_CACHE;
    try {
      return await work();
    } finally {
      if (saved !== undefined) process.env.CLUB_BUNDLE_CACHE = saved;
    }
  }
  const filesOf = (dir: string, files: readonly string[]) =>
    Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file)).toString('base64')]));

  it('writes the bytes a cold build writes, argon2 and its prebuild included', async () => {
    // Prepare: a sign-in (argon2) and a public read, bundled ahead in one context
    const entries = [handlerEntry('auth/login'), handlerEntry('seasons/get-active')];
    await withoutCache(() => prebundleLambdas(entries));

    for (const entry of entries) {
      // Act: the construct's build takes the bundle made ahead; the next one builds cold
      const [ahead, cold] = [tempDir('club-ahead-'), tempDir('club-cold-')];
      const made = await withoutCache(() => buildLambdaAsset(entry, ahead));
      const built = await withoutCache(() => buildLambdaAsset(entry, cold));

      // Assess
      expect(made.files, entry).toEqual(built.files);
      expect(filesOf(ahead, made.files), entry).toEqual(filesOf(cold, built.files));
      expect(made.nativeImports, entry).toEqual(built.nativeImports);
      expect(existsSync(join(ahead, 'node_modules/argon2/prebuilds', LAMBDA_PREBUILD)), entry).toBe(
        entry.endsWith('login.ts'),
      );
    }
  });

  it('hands each bundle made ahead to one build only: the next builds from the sources as they are then', async () => {
    // Prepare: a handler bundled ahead, then changed
    const src = tempDir('club-ahead-handler-');
    writeFileSync(join(src, 'helper.ts'), "export const greeting = 'ahead';\n");
    writeFileSync(
      join(src, 'handler.ts'),
      "import { greeting } from './helper';\nexport const handler = async () => greeting;\n",
    );
    const entry = join(src, 'handler.ts');
    await withoutCache(() => prebundleLambdas([entry]));
    writeFileSync(join(src, 'helper.ts'), "export const greeting = 'later';\n");

    // Act
    const [first, second] = [tempDir('club-ahead-1-'), tempDir('club-ahead-2-')];
    await withoutCache(() => bundleLambda(entry, first));
    await withoutCache(() => bundleLambda(entry, second));

    // Assess: the first took the bundle made ahead; the second built the changed sources
    expect(readFileSync(join(first, BUNDLE_FILE), 'utf8')).toContain('"ahead"');
    expect(readFileSync(join(second, BUNDLE_FILE), 'utf8')).toContain('"later"');
  });

  /** A handler in a folder of its own whose helper greets with `greeting`; answers the entry and a way to change it. */
  function greetingHandler(greeting: string) {
    const src = tempDir('club-ahead-src-');
    writeFileSync(join(src, 'helper.ts'), `export const greeting = '${greeting}';\n`);
    writeFileSync(
      join(src, 'handler.ts'),
      "import { greeting } from './helper';\nexport const handler = async () => greeting;\n",
    );
    return {
      entry: join(src, 'handler.ts'),
      change: (next: string) => writeFileSync(join(src, 'helper.ts'), `export const greeting = '${next}';\n`),
    };
  }
  const entryText = (dir: string) => readFileSync(join(dir, BUNDLE_FILE), 'utf8');

  it('keeps nothing when one handler fails to build, and leaves a missing handler file to the construct', async () => {
    // Prepare: a handler that builds, one that does not, and one whose file is missing
    const good = greetingHandler('before');
    const broken = join(tempDir('club-ahead-broken-'), 'handler.ts');
    writeFileSync(broken, 'export const handler = async () => {\n');
    const missing = join(tempDir('club-ahead-missing-'), 'handler.ts');

    // Act
    await expect(withoutCache(() => prebundleLambdas([good.entry, broken]))).rejects.toThrow();
    await expect(withoutCache(() => prebundleLambdas([missing]))).resolves.toBeUndefined();
    good.change('after');
    const out = tempDir('club-ahead-good-');
    await withoutCache(() => bundleLambda(good.entry, out));

    // Assess: the good handler's bundle made before the failure was not kept: it builds from its sources now
    expect(entryText(out)).toContain('"after"');
  });

  it('records in the cache what a bundle made ahead was built from, not what its sources became since', async () => {
    // Prepare: a cache, and a handler bundled ahead, then changed before the synth takes it
    const handler = greetingHandler('ahead');
    const cache = tempDir('club-ahead-cache-');
    const saved = process.env.CLUB_BUNDLE_CACHE;
    process.env.CLUB_BUNDLE_CACHE = cache;
    try {
      await prebundleLambdas([handler.entry]);
      handler.change('later');
      const [first, second] = [tempDir('club-ahead-c1-'), tempDir('club-ahead-c2-')];

      // Act
      bundleLambda(handler.entry, first);
      bundleLambda(handler.entry, second);

      // Assess: the next build does not reuse the older bytes as if they were the changed sources'
      expect(entryText(first)).toContain('"ahead"');
      expect(entryText(second)).toContain('"later"');
    } finally {
      if (saved === undefined) delete process.env.CLUB_BUNDLE_CACHE;
      else process.env.CLUB_BUNDLE_CACHE = saved;
    }
  });
});
