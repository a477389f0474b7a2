/**
 * The scheduled jobs on the local stack, as EventBridge runs them in AWS (infra API stack): each once at
 * start, then on its schedule while the stack runs. A failed run is logged and the next one finishes it, as
 * in AWS; every job is idempotent, so an overlapping run changes nothing twice.
 * - the retention run (issue 19), daily;
 * - the refund sweep (issue 34), every 15 minutes;
 * - the day-before tryout reminders (issue 37), hourly;
 * - the numbering sweep (issue 43), every minute;
 * - the waitlist's spot sweep (issue 45), every minute, in AWS in the numbering sweep's function;
 * - the offer sweep (issue 45), every minute: offers out at their hour, expired at their deadline;
 * - the instalment sweep (issue 46), every minute here (daily in AWS): team fee instalments due are charged
 *   to the saved card, each once (a claim per instalment holds it, so running it more often changes nothing).
 */
import { runRetention } from '@club/functions/services/privacy/retention';
import { settlePendingRefunds } from '@club/functions/services/money/refunds';
import { queueSessionReminders } from '@club/functions/services/seasons/session-reminders';
import { numberWaitingRegistrations } from '@club/functions/services/registration/numbering-sweep';
import { passLapsedSpots } from '@club/functions/services/registration/waitlist';
import { runOfferSweep } from '@club/functions/services/offers/offer-sweep';
import { runInstalmentSweep } from '@club/functions/services/money/instalment-sweep';

const MINUTE_MS = 60 * 1000;

const JOBS = [
  { name: 'retention run', everyMs: 24 * 60 * MINUTE_MS, run: (now: Date) => runRetention(now) },
  { name: 'refund sweep', everyMs: 15 * MINUTE_MS, run: (now: Date) => settlePendingRefunds(now) },
  { name: 'session reminders', everyMs: 60 * MINUTE_MS, run: (now: Date) => queueSessionReminders(now) },
  { name: 'numbering sweep', everyMs: MINUTE_MS, run: (now: Date) => numberWaitingRegistrations(now) },
  { name: 'spot sweep', everyMs: MINUTE_MS, run: (now: Date) => passLapsedSpots(now) },
  { name: 'offer sweep', everyMs: MINUTE_MS, run: (now: Date) => runOfferSweep(now) },
  { name: 'instalment sweep', everyMs: MINUTE_MS, run: (now: Date) => runInstalmentSweep(now) },
] as const;

export function startScheduledJobs(): { stop: () => void; firstRuns: Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const firstRuns = JOBS.map((job) => {
    const run = () =>
      job.run(new Date()).then(
        () => undefined,
        (error: unknown) => {
          console.error(`${job.name} failed:`, error instanceof Error ? error.message : error);
        },
      );
    const timer = setInterval(() => void run(), job.everyMs);
    timer.unref();
    timers.push(timer);
    return run();
  });
  return {
    stop: () => timers.forEach((timer) => clearInterval(timer)),
    firstRuns: Promise.all(firstRuns).then(() => undefined),
  };
}
