/**
 * A family's mail about one of a season's sessions (issue 36's change notice, issue 37's day-before reminder),
 * sent from the mail queue's worker once per notice and account: the family's registrations in the session's
 * groups as they are when it is sent, then a claim with a lease (db/mail/family-notices.ts), the send, and the
 * record; a send to be retried gives the claim back for the queue's next delivery.
 */
import { randomUUID } from 'node:crypto';
import type { TryoutSession } from '@club/shared';
import * as familyNotices from '../../db/mail/family-notices';
import type * as seasonsTable from '../../db/seasons/seasons';
import { getSeason } from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as tryoutsTable from '../../db/registration/registrations';
import * as usersTable from '../../db/accounts/users';
import { sendMailOnce, type MailMessage } from '../../mail/ses-sender';

/** How long a claim holds: past the worker's longest invocation. */
const LEASE_MS = 5 * 60 * 1000;

/** A season read once per worker batch (the messages of one batch are mostly of one season). */
export function seasonOnce(
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
  seasonId: string,
): Promise<seasonsTable.SeasonItem | null> {
  if (!seasons.has(seasonId)) seasons.set(seasonId, getSeason(seasonId));
  return seasons.get(seasonId)!;
}

/**
 * The account and its registrations (not withdrawn) in the session's groups, by number; null when the account
 * is gone or has no one there any more (then nothing is sent).
 */
export async function familyInSession(
  accountId: string,
  seasonId: string,
  session: Pick<TryoutSession, 'age_groups'>,
): Promise<{ user: usersTable.UserItem; affected: RegistrationItem[] } | null> {
  const [user, registrations] = await Promise.all([
    usersTable.getUser(accountId),
    tryoutsTable.tryoutsOfAccount(accountId, seasonId),
  ]);
  const affected = registrations
    .filter((t) => !t.withdrawn && session.age_groups.includes(t.age_group))
    .sort((a, b) => a.tryout_number - b.tryout_number);
  return user && affected.length ? { user, affected } : null;
}

/** How an athlete of the family is named in its mail: the account holder's own registration reads "you". */
export const firstNameFor = (t: RegistrationItem): string | null =>
  t.player_id === t.user_id ? null : t.first_name;

/**
 * Sends the notice once per account: claimed, written (only once claimed), sent and recorded. 'retry' hands
 * the message back to the queue with the claim given back; 'done' when sent, or when another worker has it.
 */
export async function mailFamilyNoticeOnce(input: {
  noticeId: string;
  accountId: string;
  now: Date;
  write: () => Promise<MailMessage>;
}): Promise<{ result: 'done' | 'retry'; outcome?: string }> {
  const claim = randomUUID();
  const claimed = await familyNotices.claimFamilyNotice({
    noticeId: input.noticeId,
    accountId: input.accountId,
    claim,
    leaseUntil: input.now.getTime() + LEASE_MS,
    now: input.now,
  });
  if (!claimed) return { result: 'done' };
  const delivery = await sendMailOnce(await input.write());
  if (delivery.outcome === 'retry') {
    await familyNotices.releaseFamilyNotice(input.noticeId, input.accountId, claim);
    return { result: 'retry' };
  }
  await familyNotices.markFamilyNoticeSent(input.noticeId, input.accountId, claim);
  return { result: 'done', outcome: delivery.outcome };
}
