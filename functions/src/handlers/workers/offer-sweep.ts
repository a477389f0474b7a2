/**
 * The offer sweep (issue 45): EventBridge's schedule invokes it every minute in AWS (infra API stack), the local
 * stack at start and as often. Not an HTTP route. Every change it makes is a conditional transaction, so an
 * overlapping run changes nothing twice and mails nobody twice.
 */
import { runOfferSweep } from '../../services/offers/offer-sweep';

export async function handler(): Promise<void> {
  await runOfferSweep(new Date());
}
