/**
 * The numbering sweep: EventBridge's schedule invokes it every minute in AWS (infra API stack), the local stack
 * at start and as often. Not an HTTP route. The numbering's turn and the batch's conditions keep an overlapping
 * run from numbering anything twice.
 */
import { numberWaitingRegistrations } from '../../services/registration/numbering-sweep';
import { passLapsedSpots } from '../../services/registration/waitlist';

/** Also the waitlist's minute (issue 45): lapsed holds pass to the next family, free spots are held. */
export async function handler(): Promise<void> {
  const now = new Date();
  await numberWaitingRegistrations(now);
  await passLapsedSpots(now);
}
