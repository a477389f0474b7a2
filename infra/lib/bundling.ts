/**
 * How every Lambda is bundled, declared once: the CDK construct (constructs/handler-function.ts) turns these
 * options into NodejsFunction bundling, and the benchmark bundles with them directly, so the sizes and cold
 * starts it measures are the ones that ship. Nothing here imports CDK, so the benchmark stays light.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const functionsDir = join(repoRoot, 'functions');

/** The Lambda runtime is Node.js 22 (DESIGN), so esbuild emits syntax that version runs natively. */
export const NODE_TARGET = 'node22';

/** NodejsFunction names an ESM bundle index.mjs; the benchmark writes the same file name. */
export const BUNDLE_FILE = 'index.mjs';

/**
 * ESM output still has to load CommonJS dependencies that call `require` (the AWS SDK's and Stripe's
 * internals, argon2). esbuild's ESM shim throws on `require` unless one exists, so the bundle defines it.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __clubCreateRequire } from 'node:module'; const require = __clubCreateRequire(import.meta.url);";

/**
 * Packages that cannot be bundled because they load a compiled addon at run time. They stay external and
 * are copied into the asset with only the Lambda platform's prebuild (see nativeModuleCopyCommands).
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
  banner: { js: ESM_REQUIRE_BANNER },
  external: [...NATIVE_MODULES],
};

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

const quote = (path: string): string => `'${path.replace(/'/g, `'\\''`)}'`;

/**
 * Shell commands for NodejsFunction's afterBundling hook: if the bundle imports a native module, copy
 * its run-time files into `<outputDir>/node_modules`, where Node resolves the external import. Only
 * local files are read, so bundling needs no network. `inputDir` is the project root as the bundler sees
 * it (the checkout locally, /asset-input in Docker), so paths are taken relative to the repository.
 */
export function nativeModuleCopyCommands(inputDir: string, outputDir: string): string[] {
  const bundle = `${outputDir}/${BUNDLE_FILE}`;
  return NATIVE_MODULES.map((moduleName) => {
    const copies = nativePackages(moduleName).flatMap((pkg) => {
      const from = `${inputDir}/${relative(repoRoot, pkg.dir).split('\\').join('/')}`;
      const to = `${outputDir}/node_modules/${pkg.name}`;
      return pkg.paths.map((path) => {
        if (path === '.') return `mkdir -p ${quote(to)} && cp -R ${quote(`${from}/.`)} ${quote(to)}`;
        const parent = posix.dirname(`${to}/${path}`);
        return `mkdir -p ${quote(parent)} && cp -R ${quote(`${from}/${path}`)} ${quote(parent)}/`;
      });
    });
    const name = moduleName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const importPattern = `(from[[:space:]]*|import[[:space:]]*\\([[:space:]]*|require[[:space:]]*\\([[:space:]]*)["']${name}["']`;
    return `if grep -Eq ${quote(importPattern)} ${quote(bundle)}; then ${copies.join(' && ')}; fi`;
  });
}
