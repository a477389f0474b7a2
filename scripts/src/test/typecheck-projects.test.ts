/**
 * `npm run typecheck` is `tsc -b` over the projects tsconfig.json references (a workspace split where its tests
 * import a workspace that imports it). A file no project includes is never checked, and nothing would say so:
 * here every TypeScript file in git is in exactly one of them.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function parsed(configPath: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`${configPath} does not parse`);
  return config;
}

/** The projects `tsc -b` builds, by their config's path from the repo root, with their files. */
function projects(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (configPath: string) => {
    const name = relative(root, configPath);
    if (found.has(name)) return;
    const config = parsed(configPath);
    found.set(
      name,
      config.fileNames.map((file) => relative(root, file)),
    );
    for (const reference of config.projectReferences ?? []) {
      visit(reference.path.endsWith('.json') ? reference.path : join(reference.path, 'tsconfig.json'));
    }
  };
  visit(join(root, 'tsconfig.json'));
  return found;
}

describe('npm run typecheck (tsc -b)', () => {
  it('checks every TypeScript file in git in exactly one project, each project incremental', () => {
    const all = projects();
    const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !file.endsWith('.d.ts'));
    const owners = new Map<string, string[]>();
    for (const [project, files] of all) {
      for (const file of files) owners.set(file, [...(owners.get(file) ?? []), project]);
    }

    expect(tracked.filter((file) => !owners.has(file))).toEqual(['vitest.config.ts', 'vitest.workspace.ts']);
    expect([...owners].filter(([, projects]) => projects.length > 1)).toEqual([]);
    expect([...all.keys()].sort()).toEqual([
      'functions/test/tsconfig.build.json',
      'functions/tsconfig.build.json',
      'infra/tsconfig.build.json',
      'scripts/tsconfig.build.json',
      'shared/tsconfig.build.json',
      'tsconfig.json',
      'web/e2e/tsconfig.build.json',
      'web/tsconfig.build.json',
    ]);
    for (const [project] of all) {
      if (project === 'tsconfig.json') continue;
      const options = parsed(join(root, project)).options;
      expect(options.composite, project).toBe(true);
      expect(relative(root, dirname(options.tsBuildInfoFile!)), project).toBe(
        join(dirname(project), '.tsbuild'),
      );
    }
  });
});
