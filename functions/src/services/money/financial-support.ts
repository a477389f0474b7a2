/**
 * A family that asks about financial support and chooses card is not charged the full fee at once (issue 42,
 * docs/decisions/0065-card-waits-for-support-answer.md): the registration is made and numbered, held, and no
 * checkout is opened until the club answers with the fee (registration-fee.ts: lowered, or kept). Cash stays
 * open to the family all along. Held only while nothing can have been paid: no session was ever made for it.
 */
import type { RegistrationItem } from '../../db/registration/registration-item';

/** Whether this card registration's payment waits for the club's answer about financial support. */
export function awaitsSupportAnswer(
  tryout: Pick<RegistrationItem, 'held_for_support' | 'payment_method' | 'payment_status' | 'withdrawn'>,
): boolean {
  return (
    tryout.held_for_support === true &&
    tryout.withdrawn !== true &&
    tryout.payment_method === 'stripe' &&
    (tryout.payment_status === 'pending' || tryout.payment_status === 'failed')
  );
}

/** The answers' field saying so, present only while waiting. */
export function supportAnswerField(tryout: Parameters<typeof awaitsSupportAnswer>[0]) {
  return awaitsSupportAnswer(tryout) ? { support_answer_pending: true as const } : {};
}
