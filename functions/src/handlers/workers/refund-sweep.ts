/**
 * The refund sweep (issue 34): EventBridge's schedule invokes it every 15 minutes in AWS (infra API stack),
 * the local stack at start and as often. Not an HTTP route. Every step is conditional and Stripe's answers are
 * keyed, so an overlapping or retried run settles each refund once.
 */
import { settlePendingRefunds } from '../../services/money/refunds';

export async function handler(): Promise<void> {
  await settlePendingRefunds(new Date());
}
