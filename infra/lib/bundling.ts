/**
 * How every Lambda is bundled, declared once: the CDK construct (constructs/handler-function.ts) builds each
 * function's asset with buildLambdaAsset, and the benchmark bundles with bundleLambda, so the sizes and cold
 * starts it measures are the ones that ship. Nothing here imports CDK, so the benchmark stays light.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BuildOptions,
  type BuildResult,
  buildSync,
  context,
  type Metafile,
  type OutputFile,
  version as esbuildVersion,
} from 'esbuild';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const functionsDir = join(repoRoot, 'functions');

/** The Lambda runtime is Node.js 22 (constructs/handler-function.ts), so esbuild emits syntax it runs natively. */
export const NODE_TARGET = 'node22';

/** The entry file of every bundle: the function's handler setting is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

/** Folder of an asset that holds the shared and lazily loaded chunks. */
export const CHUNK_DIR = 'chunks';

/**
 * Most bytes a function's entry file (index.mjs) may have. Measured entries are 89–303 kB (the largest: a
 * household's withdrawal, which reaches Stripe, mail, the waitlist's spot offer and the team places, issue 45);
 * Sentry and OpenTelemetry alone add ~700 kB, so an entry over this budget means a lazy import became eager.
 */
export const ENTRY_BYTE_BUDGET = 400_000;

/**
 * ESM output still has to load CommonJS dependencies that call `require` (the AWS SDK's and Stripe's
 * internals, argon2). esbuild's ESM shim throws on `require` unless one exists, so the bundle defines it.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __clubCreateRequire } from 'node:module'; const require = __clubCreateRequire(import.meta.url);";

/**
 * Packages that cannot be bundled because they load a compiled addon at run time. They stay external and
 * are copied into the asset with only the Lambda platform's prebuild (see copyNativeModule).
 */
export const NATIVE_MODULES = ['argon2'];

/** Lambda runs on Graviton (arm64) Amazon Linux: the only prebuild a bundle needs. */
export const LAMBDA_PREBUILD = 'linux-arm64';

/**
 * esbuild options shared by CDK and the benchmark (spread into esbuild's build()). The AWS SDK is bundled
 * rather than taken from the runtime: one pinned version everywhere (local, tests, Lambda), and a
 * tree-shaken, minified bundle initialises faster than the runtime's full SDK packages.
 */
export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: NODE_TARGET,
  minify: true,
  // Linked .map beside the bundle; NODE_OPTIONS=--enable-source-maps turns stack traces back into TS lines.
  sourcemap: true,
  // Stack traces need only the mappings, not a second copy of every source file in the asset.
  sourcesContent: false,
  // Prefer packages' ESM builds, which tree-shake far better than their CommonJS builds.
  mainFields: ['module', 'main'],
  // Every output file (entry and chunks) gets the shim: esbuild's require() helper may land in any chunk.
  banner: { js: ESM_REQUIRE_BANNER },
  external: [...NATIVE_MODULES],
  // Code splitting: what a handler imports only lazily (Sentry with OpenTelemetry when a DSN is set, the
  // Secrets Manager client) goes to its own chunk, read from disk on first use instead of parsed at every
  // cold start. Splitting needs an output folder: index.mjs plus chunks/, all .mjs so Node loads them as ESM.
  splitting: true,
  entryNames: 'index',
  chunkNames: `${CHUNK_DIR}/[name]-[hash]`,
  outExtension: { '.js': '.mjs' },
} satisfies BuildOptions;

/** The handler file a route-table row names: functions/src/handlers/<handler>.ts. */
export function handlerEntry(handler: string): string {
  return join(functionsDir, 'src/handlers', `${handler}.ts`);
}

/** True when a bundle's code loads a native module (static import, dynamic import or require). */
export function bundleImports(code: string, moduleName: string): boolean {
  const name = moduleName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?:from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*)["']${name}["']`).test(code);
}

/** One package to copy into a bundle's node_modules: its folder and the entries of it that run. */
export interface NativePackage {
  readonly name: string;
  /** Absolute folder in this checkout. */
  readonly dir: string;
  /** Paths inside `dir` to copy; `.` means the whole (small, pure JS) package. */
  readonly paths: readonly string[];
}

/**
 * What a bundle that imports `moduleName` needs at run time: the package's manifest, main file, licence
 * and its Lambda prebuild, plus the packages its main file requires (for argon2: node-gyp-build, which
 * finds the prebuild, and @phc/format). Build-time dependencies (node-addon-api, cross-env) and the
 * other platforms' prebuilds stay out. Resolved from the functions workspace, as esbuild would.
 */
export function nativePackages(moduleName: string): NativePackage[] {
  const requireFromFunctions = createRequire(join(functionsDir, 'package.json'));
  const dir = dirname(requireFromFunctions.resolve(`${moduleName}/package.json`));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    main?: string;
    dependencies?: Record<string, string>;
  };
  const main = manifest.main ?? 'index.js';
  const prebuild = `prebuilds/${LAMBDA_PREBUILD}`;
  if (!existsSync(join(dir, prebuild))) {
    throw new Error(`${moduleName} has no ${prebuild} in ${dir}: Lambda (arm64) could not load it`);
  }
  const licence = ['LICENSE', 'LICENSE.md', 'license'].find((f) => existsSync(join(dir, f)));
  const paths = ['package.json', main, prebuild, ...(licence ? [licence] : [])];
  const mainCode = readFileSync(join(dir, main), 'utf8');
  const requireFromModule = createRequire(join(dir, 'package.json'));
  const runtimeDeps = Object.keys(manifest.dependencies ?? {}).filter((dep) => bundleImports(mainCode, dep));
  return [
    { name: moduleName, dir, paths },
    ...runtimeDeps.map((dep) => ({
      name: dep,
      dir: dirname(requireFromModule.resolve(`${dep}/package.json`)),
      paths: ['.'],
    })),
  ];
}

/** One bundled function: the files written and what esbuild recorded about them. */
export interface LambdaBundle {
  /** Files written, relative to the output folder: index.mjs, chunks/*.mjs and their .map files. */
  readonly files: readonly string[];
  readonly metafile: Metafile;
  /** The NATIVE_MODULES that some output file (entry or chunk) imports. */
  readonly nativeImports: readonly string[];
}

/**
 * Bundles one handler into `outDir` (index.mjs + chunks/) with lambdaEsbuildOptions. esbuild lays the files
 * out as if written to the repository root and they are then written to `outDir`: source-map paths are
 * repository paths (functions/src/…, node_modules/…) wherever the bundle is built, so the same sources give
 * the same bytes on every machine (CDK hashes the output), and Lambda stack traces read
 * /var/task/functions/src/handlers/http.ts:42. Throws on any esbuild error.
 */
export function bundleLambda(entry: string, outDir: string): LambdaBundle {
  const cacheDir = process.env.CLUB_BUNDLE_CACHE;
  const cached = cacheDir ? fromCache(cacheDir, entry, outDir) : null;
  if (cached) return cached;
  const made = fromPrebundled(entry, outDir);
  if (made) {
    if (cacheDir) toCache(cacheDir, entry, outDir, made.bundle, made.inputs);
    return made.bundle;
  }
  const bundle = buildBundle(entry, outDir);
  if (cacheDir) toCache(cacheDir, entry, outDir, bundle);
  return bundle;
}

/** The options of one handler's build, wherever it runs: outputs laid out from the repository root. */
const oneHandler = {
  ...lambdaEsbuildOptions,
  absWorkingDir: repoRoot,
  outdir: repoRoot,
  write: false,
  metafile: true,
  logLevel: 'error',
} satisfies BuildOptions;

function buildBundle(entry: string, outDir: string): LambdaBundle {
  return written(buildSync({ ...oneHandler, entryPoints: [entry] }), outDir);
}

/** Writes a build's output files to `outDir` and says what was written. */
function written(result: BuildResult<{ write: false; metafile: true }>, outDir: string): LambdaBundle {
  const files: string[] = [];
  for (const file of result.outputFiles as OutputFile[]) {
    const name = relative(repoRoot, file.path).split('\\').join('/');
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    writeFileSync(join(outDir, name), file.contents);
    files.push(name);
  }
  const outputs = Object.values(result.metafile.outputs);
  const nativeImports = NATIVE_MODULES.filter((moduleName) =>
    outputs.some((output) => output.imports.some((i) => i.external && i.path === moduleName)),
  );
  return { files: files.sort(), metafile: result.metafile, nativeImports };
}

/** A bundle prebundleLambdas made: its folder, and what it was built from, hashed right after the build. */
interface Prebundled {
  readonly dir: string;
  readonly bundle: LambdaBundle;
  readonly inputs: Record<string, string> | null;
}

/** Bundles prebundleLambdas made ahead, by entry, each in a folder of its own until a build takes it. */
const prebundled = new Map<string, Prebundled>();

/** Forgets every bundle made ahead and not taken (a synth that built fewer functions, or failed). */
function forgetPrebundled(): void {
  for (const { dir } of prebundled.values()) rmSync(dir, { recursive: true, force: true });
  prebundled.clear();
}

let forgetsOnExit = false;

/** What esbuild's one context builds each time: the entry whose turn it is (prebundleLambdas). */
const ENTRY_IN_TURN = '<club-lambda-entry>';

/**
 * Bundles many handlers ahead of a synth, one after another in one esbuild context: esbuild keeps every file it
 * has parsed (the AWS SDK, Stripe, Sentry) between them, so each takes about half the time of a cold build.
 * Each build has the one entry and the options of a cold one (the context's entry resolves to the handler
 * whose turn it is), so it writes the same bytes; bundleLambda then copies them instead of building.
 * CDK bundles synchronously inside its constructs, which cannot wait for esbuild's context: the app calls this
 * first. Left to the cold build: entries the inner loop's cache already holds unchanged, and a handler file
 * that does not exist (the construct names it). One build failing throws esbuild's error and keeps nothing;
 * bundles no build took are removed when the process ends.
 */
export async function prebundleLambdas(entries: readonly string[]): Promise<void> {
  const cacheDir = process.env.CLUB_BUNDLE_CACHE;
  const todo = [...new Set(entries)].filter(
    (entry) => existsSync(entry) && !prebundled.has(entry) && !(cacheDir && cacheHolds(cacheDir, entry)),
  );
  if (todo.length === 0) return;
  if (!forgetsOnExit) {
    forgetsOnExit = true;
    process.once('exit', forgetPrebundled);
  }
  let inTurn = '';
  const build = await context({
    ...oneHandler,
    entryPoints: [ENTRY_IN_TURN],
    plugins: [
      {
        name: 'club-entry-in-turn',
        setup(on) {
          on.onResolve({ filter: new RegExp(`^${ENTRY_IN_TURN}$`) }, () => ({ path: inTurn }));
        },
      },
    ],
  });
  try {
    for (const entry of todo) {
      inTurn = entry;
      const result = await build.rebuild();
      const dir = mkdtempSync(join(tmpdir(), 'club-prebundled-'));
      const bundle = written(result, dir);
      prebundled.set(entry, { dir, bundle, inputs: cacheDir ? inputHashes(bundle) : null });
    }
  } catch (error) {
    forgetPrebundled();
    throw error;
  } finally {
    await build.dispose();
  }
}

/** The bundle prebundleLambdas made for `entry`, copied to `outDir` and then forgotten; null when none. */
function fromPrebundled(entry: string, outDir: string): Prebundled | null {
  const made = prebundled.get(entry);
  if (!made) return null;
  prebundled.delete(entry);
  for (const name of made.bundle.files) {
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    cpSync(join(made.dir, name), join(outDir, name));
  }
  rmSync(made.dir, { recursive: true, force: true });
  return made;
}

/**
 * The inner loop's bundle cache (issue 35), on only where CLUB_BUNDLE_CACHE names a folder (the infra tests
 * set it outside CI; CI and deploys always bundle afresh). A bundle is reused when every file esbuild read
 * for it (its metafile's inputs: sources and packages alike) has the content it had, and esbuild and its
 * options are the same: the reused files are the bytes a fresh build would write.
 */
interface CacheEntry {
  readonly key: string;
  readonly inputs: Record<string, string>;
  readonly bundle: LambdaBundle;
}

const contentHashes = new Map<string, string>();

/** A file's content hash, read once per process and file state. */
function contentHash(path: string): string | null {
  if (!existsSync(path)) return null;
  const { mtimeMs, size } = statSync(path);
  const id = `${path}:${mtimeMs}:${size}`;
  let hash = contentHashes.get(id);
  if (!hash) {
    hash = createHash('sha256').update(readFileSync(path)).digest('hex');
    contentHashes.set(id, hash);
  }
  return hash;
}

function cacheKey(entry: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        entry: relative(repoRoot, entry),
        options: lambdaEsbuildOptions,
        esbuild: esbuildVersion,
      }),
    )
    .digest('hex')
    .slice(0, 24);
}

/**
 * The cached bundle, copied to `outDir`; null when there is none or it does not match. Test files bundle side
 * by side: an entry another process replaces while this one copies it is read as a miss (a fresh build).
 */
function fromCache(cacheDir: string, entry: string, outDir: string): LambdaBundle | null {
  try {
    return copiedFromCache(cacheDir, entry, outDir);
  } catch {
    return null;
  }
}

/** The cache's entry for `entry` when every file it was built from is unchanged; null otherwise. */
function freshCacheEntry(cacheDir: string, entry: string): CacheEntry | null {
  const key = cacheKey(entry);
  const manifest = join(cacheDir, key, 'entry.json');
  if (!existsSync(manifest)) return null;
  const cached = JSON.parse(readFileSync(manifest, 'utf8')) as CacheEntry;
  if (cached.key !== key) return null;
  for (const [input, hash] of Object.entries(cached.inputs)) {
    if (contentHash(join(repoRoot, input)) !== hash) return null;
  }
  return cached;
}

function cacheHolds(cacheDir: string, entry: string): boolean {
  try {
    return freshCacheEntry(cacheDir, entry) !== null;
  } catch {
    return false;
  }
}

function copiedFromCache(cacheDir: string, entry: string, outDir: string): LambdaBundle | null {
  const cached = freshCacheEntry(cacheDir, entry);
  if (!cached) return null;
  const key = cacheKey(entry);
  for (const name of cached.bundle.files) {
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    cpSync(join(cacheDir, key, 'files', name), join(outDir, name));
  }
  return cached.bundle;
}

/**
 * What every file a bundle was built from holds now, by content hash; null when one cannot be read (an input
 * esbuild made up, a virtual module: never cache what cannot be checked).
 */
function inputHashes(bundle: LambdaBundle): Record<string, string> | null {
  const inputs: Record<string, string> = {};
  for (const input of Object.keys(bundle.metafile.inputs)) {
    const hash = contentHash(join(repoRoot, input));
    if (!hash) return null;
    inputs[input] = hash;
  }
  return inputs;
}

/**
 * Keeps a bundle for the next build of `entry`, with the hashes of what it was built from: taken right after
 * its build (`inputs`), so a source saved since then is never recorded against the older bytes.
 */
function toCache(
  cacheDir: string,
  entry: string,
  outDir: string,
  bundle: LambdaBundle,
  inputs: Record<string, string> | null = inputHashes(bundle),
): void {
  if (!inputs) return;
  const key = cacheKey(entry);
  // Written whole under a name of its own, then put in place by one rename: another process bundling the same
  // entry at the same time never reads (or empties) a half-written entry; the last to finish wins.
  const dir = join(cacheDir, key);
  const written = join(cacheDir, `${key}.${randomUUID()}`);
  for (const name of bundle.files) {
    mkdirSync(dirname(join(written, 'files', name)), { recursive: true });
    cpSync(join(outDir, name), join(written, 'files', name));
  }
  const cached: CacheEntry = { key, inputs, bundle };
  writeFileSync(join(written, 'entry.json'), JSON.stringify(cached));
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(written, dir);
  } catch {
    // Another process put its entry in place first: the same bytes, so this one goes.
    rmSync(written, { recursive: true, force: true });
  }
}

/**
 * Copies a native module's run-time files into `<outDir>/node_modules`, where Node resolves the bundle's
 * external import. Only local files are read, so bundling needs no network.
 */
export function copyNativeModule(moduleName: string, outDir: string): void {
  for (const pkg of nativePackages(moduleName)) {
    const to = join(outDir, 'node_modules', pkg.name);
    for (const path of pkg.paths) {
      cpSync(join(pkg.dir, path), path === '.' ? to : join(to, path), { recursive: true });
    }
  }
}

/**
 * A function's whole asset: the bundle, plus each native module that the entry or any chunk imports (and
 * nothing for bundles that do not).
 */
export function buildLambdaAsset(entry: string, outDir: string): LambdaBundle {
  const bundle = bundleLambda(entry, outDir);
  for (const moduleName of bundle.nativeImports) copyNativeModule(moduleName, outDir);
  return bundle;
}
