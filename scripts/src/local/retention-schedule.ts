/**
 * The retention run on the local stack (issue 19), as EventBridge runs it in AWS: once at start, then once a
 * day while the stack runs. A failed run is logged and the next day's finishes it, as in AWS.
 */
import { runRetention } from '@club/functions/services/retention';

const DAY_MS = 24 * 60 * 60 * 1000;

export function startRetentionSchedule(): { stop: () => void; firstRun: Promise<void> } {
  const run = () =>
    runRetention(new Date()).then(
      () => undefined,
      (error: unknown) => {
        console.error('retention run failed:', error instanceof Error ? error.message : error);
      },
    );
  const firstRun = run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), firstRun };
}
