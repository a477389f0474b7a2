/**
 * The argon2 copy step NodejsFunction runs after esbuild: a bundle that imports argon2 gets the package with
 * only the Lambda (linux-arm64) prebuild and its run-time dependencies; any other bundle gets nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLE_FILE,
  bundleImports,
  ESM_REQUIRE_BANNER,
  lambdaEsbuildOptions,
  LAMBDA_PREBUILD,
  nativeModuleCopyCommands,
  repoRoot,
} from '../lib/bundling';

/** Writes `code` as a bundle and runs the afterBundling commands on it, as CDK's local bundling does. */
function bundleWith(code: string): string {
  const outputDir = mkdtempSync(join(tmpdir(), 'club-bundle-'));
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(join(outputDir, BUNDLE_FILE), code);
  for (const command of nativeModuleCopyCommands(repoRoot, outputDir)) {
    execFileSync('bash', ['-c', command], { stdio: 'pipe' });
  }
  return outputDir;
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
    const out = bundleWith(`${ESM_REQUIRE_BANNER}import{hash as a}from"argon2";export const handler=a;`);
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

  it('lets node-gyp-build find the arm64 glibc addon in the copied package, as on Lambda', () => {
    const out = bundleWith('import{verify}from"argon2";');
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
    const out = bundleWith('const hashPrefix="$argon2id$";export const handler=()=>hashPrefix;');
    expect(existsSync(join(out, 'node_modules'))).toBe(false);
  });

  it('keeps argon2 external and emits node22 ESM with a require shim', () => {
    expect(lambdaEsbuildOptions).toMatchObject({
      format: 'esm',
      platform: 'node',
      target: 'node22',
      minify: true,
      sourcemap: true,
      external: ['argon2'],
      banner: { js: ESM_REQUIRE_BANNER },
    });
  });
});
