/**
 * `npm run budget`: the public site's byte budgets (budget.ts) checked on the build in web/dist, with no browser,
 * so a budget broken shows a minute after the build rather than at the end of the full test run.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetProblems, HOME_JS_BUDGET_BYTES } from './budget';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error('No build in web/dist: run `npm run build -w web` first (npm run budget does).');
  process.exit(1);
}
const { problems, homeBytes } = budgetProblems(dist);
console.warn(`/ loads ${homeBytes} B gzip of JavaScript (budget ${HOME_JS_BUDGET_BYTES} B).`);
for (const problem of problems) console.error(`Over budget: ${problem}`);
process.exit(problems.length ? 1 : 0);
