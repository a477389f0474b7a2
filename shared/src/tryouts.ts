/** Tryout rules both sides read: which age groups a player fits, whether a payment is still owed, labels. */
import type {
  AgeGroup,
  Division,
  EmergencyContactRelationship,
  PaymentMethod,
  TryoutResult,
} from './constants';
import type { IsoDate } from './dates';
import type { PaymentStatus } from './types';

export { centsToDollars, dollarsToCents } from './fee-text';
export { amountsOf, formatCad, reportedStatus } from './money';

/** The "U" number of an age group: '15U Girls' → 15. */
export function ageGroupLimit(group: AgeGroup): number {
  return Number(/^(\d+)U\b/.exec(group)?.[1]);
}

/**
 * The earliest birth year an age group takes in a season (spec §5 guidance, "born in year or later"):
 * the season's reference year less the group's number (2025: 15U → 2010).
 */
export function earliestBirthYear(group: AgeGroup, referenceYear: number): number {
  return referenceYear - ageGroupLimit(group);
}

/** True when a player born on `dateOfBirth` may try out for `group` in a season of `referenceYear`. */
export function fitsAgeGroup(dateOfBirth: IsoDate, group: AgeGroup, referenceYear: number): boolean {
  return Number(dateOfBirth.slice(0, 4)) >= earliestBirthYear(group, referenceYear);
}

/** The division a group's teams play in: '15U Girls' → 'girls' (issue 36). */
export function divisionOf(group: AgeGroup): Division {
  return group.endsWith('Girls') ? 'girls' : 'boys';
}

/** How a division reads beside "Plays on:" (issue 36). */
export const DIVISION_LABELS: Record<Division, string> = {
  boys: 'Boys’ teams',
  girls: 'Girls’ teams',
};

/**
 * The groups of a season an athlete may try out for (issue 36): the birth year fits and, once the family said
 * which teams the athlete plays on, the division too. Youngest first, so the first is the one to preselect.
 */
export function groupsFor(
  athlete: { date_of_birth: IsoDate; division?: Division | undefined },
  groups: readonly AgeGroup[],
  referenceYear: number,
): AgeGroup[] {
  return groups
    .filter((g) => fitsAgeGroup(athlete.date_of_birth, g, referenceYear))
    .filter((g) => !athlete.division || divisionOf(g) === athlete.division)
    .sort((a, b) => ageGroupLimit(a) - ageGroupLimit(b));
}

/** A card registration can (again) be sent to checkout while nothing has been paid or is settling. */
export function isPayable(method: PaymentMethod | null, status: PaymentStatus | null): boolean {
  return method === 'stripe' && (status === 'pending' || status === 'failed');
}

const STATUS_LABELS: Record<PaymentStatus, string> = {
  cash: 'Cash',
  pending: 'Pending',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  disputed: 'Disputed',
  awaiting_etransfer: 'Awaiting e-Transfer',
};

/**
 * How a payment reads to a family or an admin (spec §2: "Cash, or payment status plus method"):
 * 'Cash', 'Cash (paid)' once the admin collected it, 'Paid (Card)', 'Pending (Card)', …, and 'No fee' for a
 * registration of a season with free tryouts (nothing owed, nothing paid).
 */
export function paymentLabel(
  method: PaymentMethod | null,
  status: PaymentStatus | null,
  amounts?: { amount_paid_cents: number; amount_due_cents: number },
): string {
  if (status === 'paid' && amounts?.amount_paid_cents === 0 && amounts.amount_due_cents === 0)
    return 'No fee';
  if (method === 'cash') {
    if (status === 'paid') return 'Cash (paid)';
    if (status === 'refunded' || status === 'partially_refunded')
      return `Cash (${STATUS_LABELS[status].toLowerCase()})`;
    return 'Cash';
  }
  if (method === 'stripe' && status) return `${STATUS_LABELS[status]} (Card)`;
  // Interac e-Transfer (issue 46): 'Awaiting e-Transfer', then 'Paid (e-Transfer)', 'Refunded (e-Transfer)'.
  if (method === 'etransfer' && status === 'awaiting_etransfer') return STATUS_LABELS[status];
  if (method === 'etransfer' && status) return `${STATUS_LABELS[status]} (e-Transfer)`;
  return '';
}

/** How a result reads in the admin area and its CSV (spec §2: Pending / Selected / Not Selected). */
export const RESULT_LABELS: Record<TryoutResult | '', string> = {
  '': 'Pending',
  selected: 'Selected',
  not_selected: 'Not Selected',
};

/** How an emergency contact's relationship reads: the registration form's options, the admin's details and CSV. */
export const RELATIONSHIP_LABELS: Record<EmergencyContactRelationship, string> = {
  parent: 'Parent',
  guardian: 'Guardian',
  other_family: 'Other Family Member',
  other: 'Other',
};
