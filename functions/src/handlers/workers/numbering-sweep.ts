/**
 * The numbering sweep: EventBridge's schedule invokes it every minute in AWS (infra API stack), the local stack
 * at start and as often. Not an HTTP route. The numbering's turn and the batch's conditions keep an overlapping
 * run from numbering anything twice.
 */
import { numberWaitingRegistrations } from '../../services/registration/numbering-sweep';

export async function handler(): Promise<void> {
  await numberWaitingRegistrations(new Date());
}
