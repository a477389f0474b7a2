/**
 * `npm run bench`: builds what ships and measures it — web bytes per route, each Lambda's bundle and
 * cold init, API latency under load on the local stack. Prints a table and writes .bench/latest.json.
 */
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../local/config';
import { benchApi } from './api';
import { benchLambdas } from './lambdas';
import { printTable, writeJson, type BenchRow } from './report';
import { benchWebChunks } from './web-chunks';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const sections: Array<{ title: string; rows: BenchRow[] }> = [];
  const distDir = join(repoRoot, 'web/dist');

  if (wanted('web')) {
    console.log('Building the site…');
    execSync('npm run build -w web', { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
    sections.push({ title: 'Web: bytes per route (gzip)', rows: benchWebChunks(distDir) });
  }
  if (wanted('lambdas')) {
    console.log('Bundling each Lambda and timing cold init…');
    sections.push({
      title: 'Lambdas: bundle and cold init',
      rows: await benchLambdas(join(repoRoot, '.bench/lambdas')),
    });
  }
  if (wanted('api')) {
    console.log('Loading the local API…');
    sections.push({ title: 'API on the local stack', rows: await benchApi() });
  }

  printTable(sections);
  const file = writeJson(join(repoRoot, '.bench'), sections);
  console.log(`\nWritten ${file}`);
}

main().catch((error: unknown) => {
  console.error(`Bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
