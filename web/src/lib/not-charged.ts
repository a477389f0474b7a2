/**
 * What a signed-in family left unpaid when it abandoned a card payment (issue 42: the cancelled page names
 * whose registrations were not charged and how much). Loaded by that page once the session is known, so the
 * first chunk of the public pages never carries the API client for it.
 */
import { formatCad, isPayable } from '@club/shared/tryouts';
import { callApi } from './api-client';

/** What the family left unpaid: whose registrations, and how much in all. */
interface NotCharged {
  /** First names, the signed-in player's own registration as null ("your"). */
  names: (string | null)[];
  cents: number;
}

/** "Mina", "Mina and Leo", "Mina, Leo and Ava". */
function listNames(names: string[]): string {
  return new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(names).replace(/, and /, ' and ');
}

/** "Not charged: Amara’s and Zola’s tryout registrations, $85.00 in all." The player's own reads "your". */
function notChargedText({ names, cents }: NotCharged): string {
  const whose = listNames(names.map((name) => (name ? `${name}’s` : 'your')));
  return names.length === 1
    ? `Not charged: ${whose} tryout registration, ${formatCad(cents)}.`
    : `Not charged: ${whose} tryout registrations, ${formatCad(cents)} in all.`;
}

/**
 * "Not charged: …" for the signed-in family's card registrations still to pay; null when nothing is
 * (the paid, the withdrawn and a card waiting for the club's answer on financial support are left out).
 */
export async function notChargedLine(userId: string): Promise<string | null> {
  const [household, tryouts] = await Promise.all([callApi('getHousehold'), callApi('getHouseholdTryouts')]);
  const unpaid = tryouts.filter(
    (t) =>
      !t.withdrawn &&
      !t.support_answer_pending &&
      isPayable(t.payment_method, t.payment_status) &&
      (t.amount_due_cents ?? 0) > 0,
  );
  if (!unpaid.length) return null;
  return notChargedText({
    // The player's own first ("your"), then each child by first name.
    names: [
      ...(unpaid.some((t) => t.athlete_id === userId) ? [null] : []),
      ...household.athletes
        .filter((a) => a.id !== userId && unpaid.some((t) => t.athlete_id === a.id))
        .map((a) => a.first_name),
    ],
    cents: unpaid.reduce((sum, t) => sum + (t.amount_due_cents ?? 0), 0),
  });
}
