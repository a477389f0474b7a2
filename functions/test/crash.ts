/** Crash tests' helper (issue 34): runs test/crash/stop-half-way.ts in a process of its own and SIGKILLs it. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs `scenario` with `args` in a fresh process that stops dead once its named write went through, then
 * kills it with SIGKILL. Rejects if the operation finished or failed before it could be killed.
 */
export function killedHalfWay(
  scenario: 'delete-account' | 'refund' | 'walk-up',
  args: readonly string[],
): Promise<void> {
  const script = fileURLToPath(new URL('./crash/stop-half-way.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, scenario, ...args], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('paused')) child.kill('SIGKILL');
      if (out.includes('finished')) reject(new Error(`${scenario} finished before it could be killed`));
    });
    child.once('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`${scenario} exited ${code}: ${out}`)),
    );
  });
}
