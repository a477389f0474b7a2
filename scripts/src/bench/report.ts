/** The bench's output: one table on stdout and one JSON file per run, so runs can be compared. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchRow {
  /** What was measured, e.g. "lambda getActiveSeason bundle". */
  name: string;
  value: number;
  unit: string;
  note?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function printTable(sections: Array<{ title: string; rows: BenchRow[] }>): void {
  for (const { title, rows } of sections) {
    if (!rows.length) continue;
    const nameWidth = Math.max(...rows.map((r) => r.name.length), 10);
    const valueWidth = Math.max(...rows.map((r) => formatValue(r).length), 8);
    console.log(`\n${title}`);
    console.log(`${'-'.repeat(nameWidth)}  ${'-'.repeat(valueWidth)}`);
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(nameWidth)}  ${formatValue(row).padStart(valueWidth)}${row.note ? `  ${row.note}` : ''}`,
      );
    }
  }
}

function formatValue(row: BenchRow): string {
  // Ratios keep the precision they were recorded with (a budget like 1.15x is judged on 1.148x, not 1.15x).
  if (row.unit === 'x') return `${row.value} x`;
  const value = Number.isInteger(row.value) ? String(row.value) : row.value.toFixed(row.value < 10 ? 2 : 1);
  return `${value} ${row.unit}`;
}

export function writeJson(dir: string, sections: Array<{ title: string; rows: BenchRow[] }>): string {
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `bench-${stamp}.json`);
  const body = JSON.stringify({ at: new Date().toISOString(), node: process.version, sections }, null, 2);
  writeFileSync(file, body);
  writeFileSync(join(dir, 'latest.json'), body);
  return file;
}
