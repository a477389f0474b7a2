/**
 * The day-before reminders (issue 37): EventBridge's schedule invokes it hourly in AWS (infra API stack), the
 * local stack at start and as often. Not an HTTP route. Each session's reminders are queued once, and the
 * queue's worker mails each family once per session, so an overlapping or retried run sends nothing twice.
 */
import { queueSessionReminders } from '../../services/seasons/session-reminders';

export async function handler(): Promise<void> {
  await queueSessionReminders(new Date());
}
