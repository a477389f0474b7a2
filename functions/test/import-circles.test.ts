/**
 * No module of the functions imports itself round a circle (issue 44: the export's collector and its readable
 * page each import the export's shape, never each other). A circle makes the load order decide what a module
 * sees, and a newcomer cannot tell which of the two to change first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** The relative imports (type-only ones too) of one file, as files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^;'"]*?from\s+'(\.[^']+)'/g)].flatMap((match) => {
    const target = path.join(path.dirname(file), match[1]!);
    return [`${target}.ts`, path.join(target, 'index.ts')].filter((candidate) => fs.existsSync(candidate));
  });
}

function circles(files: string[]): string[] {
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') {
        found.push(
          [...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(' → '),
        );
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('the functions’ modules import in one direction', () => {
  it('finds no import circle in functions/src', () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(circles(files)).toEqual([]);
  });

  it('sees a circle when there is one (the export and its page, as they were)', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, '..', '.circle-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'account-export.ts'),
        "import { exportPage } from './account-export-page';\n",
      );
      fs.writeFileSync(
        path.join(dir, 'account-export-page.ts'),
        "import type { AccountExport } from './account-export';\n",
      );
      expect(circles(sourceFiles(dir)).length).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
