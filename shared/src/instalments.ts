/**
 * Team fees in instalments (issue 46 §1): a team's fee split into 1 to 4 parts, the first paid when the
 * family pays after accepting (the card saved), each later one charged on its due date. What both sides read:
 * the limits, how a fee is split, and an instalment as the family and the admin see it.
 */

/** A fee is paid in at most this many instalments (the first on acceptance and up to three on their dates). */
export const MAX_INSTALMENTS = 4;
/** How many more times a declined instalment is charged (one a day), at most, and unless the admin says. */
export const MAX_INSTALMENT_RETRIES = 3;
export const DEFAULT_INSTALMENT_RETRIES = 1;

/**
 * Splits a fee into `count` parts (1 to MAX_INSTALMENTS): equal, the first `fee % count` a cent more, so
 * the parts add up to the fee and differ by a cent at most.
 */
export function splitFee(feeCents: number, count: number): number[] {
  if (!Number.isInteger(feeCents) || feeCents < 0) throw new RangeError('fee must be whole cents');
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALMENTS) {
    throw new RangeError(`count must be 1 to ${MAX_INSTALMENTS}`);
  }
  const base = Math.floor(feeCents / count);
  const extra = feeCents % count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * Where one instalment stands:
 * - due: payable now (instalment 1 before the family's first checkout);
 * - scheduled: to be charged on its date;
 * - processing: being charged (or its payment is on its way);
 * - paid;
 * - declined: the card was refused; the family can pay it from its link, and the job tries again as the
 *   team's setting allows;
 * - stopped: the family withdrew or the club took the place back before it was paid.
 */
export const INSTALMENT_STATES = ['due', 'scheduled', 'processing', 'paid', 'declined', 'stopped'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

/** One instalment of an offer's team fee, on the family's offer and the admin's offers board row. */
export interface InstalmentView {
  /** 1 to 4. */
  n: number;
  amount_cents: number;
  /** `YYYY-MM-DD` (the club's day); null for the first, paid on acceptance. */
  due_date: string | null;
  state: InstalmentState;
  paid_at: string | null;
  /** Why the card was refused, in the family's words; null unless declined. */
  declined_reason: string | null;
  /** How many times the card was charged for it. */
  attempts: number;
}

/** Why Stripe refused a saved card, as the family reads it (the mail and the dashboard). */
export const INSTALMENT_DECLINE_REASONS = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card was declined for insufficient funds.',
  expired_card: 'The card has expired.',
  authentication_required: 'The bank asked to confirm the payment.',
  other: 'The card could not be charged.',
} as const;
export type InstalmentDeclineReason = keyof typeof INSTALMENT_DECLINE_REASONS;

/**
 * Declines the club's next try of the same card cannot turn: the bank wants the cardholder to confirm the
 * payment, or the card has expired. The sweep leaves these to the family's link instead of charging the card
 * again (and mailing the family again) on each retry the team allows.
 */
export const NOT_RETRIED_DECLINES: readonly InstalmentDeclineReason[] = [
  'authentication_required',
  'expired_card',
];

/** Whether the sweep may try the saved card again after this decline (the team's retries permitting). */
export function isRetriedDecline(reason: string | null | undefined): boolean {
  return !(NOT_RETRIED_DECLINES as readonly string[]).includes(reason ?? 'other');
}
