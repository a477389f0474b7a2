/**
 * The instalment sweep (issue 46): EventBridge's schedule invokes it daily at 16:00 UTC in AWS (infra API
 * stack), the local stack at start and every minute. Not an HTTP route. Each instalment is claimed by a
 * conditional write before its charge and charged under a key naming its attempt, so an overlapping or
 * repeated run charges nobody twice.
 */
import { runInstalmentSweep } from '../../services/money/instalment-sweep';

export async function handler(): Promise<void> {
  await runInstalmentSweep(new Date());
}
