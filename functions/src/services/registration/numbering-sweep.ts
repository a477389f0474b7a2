/**
 * The numbering sweep (docs/decisions/0067-numbers-given-in-batches.md): every minute, registrations written
 * but left waiting for their number (their request died between its write and its batch, with no registration
 * after it to number them) are numbered, and those with nothing to pay by card get the confirmation their
 * request never sent, once (the mail's own claim keeps it once).
 */
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutNumbers from '../../db/registration/tryout-numbers';
import { tryoutsOfAccount } from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { log } from '../../lib/log';
import { mailConfirmationOnce } from '../mail/confirmation-mail';

/** Longer than any request's wait for its number: a registration this old has no request left to number it. */
const SWEEP_MS = 20_000;

export async function numberWaitingRegistrations(now: Date): Promise<number> {
  const season = await seasonsTable.getActiveSeason();
  if (!season) return 0;
  const numbered = await tryoutNumbers.numberWaiting(season.id, now.getTime() + SWEEP_MS);
  if (!numbered.length) return 0;
  log.warn('waiting registrations numbered by the sweep', { seasonId: season.id, count: numbered.length });
  // A card registration's confirmation follows its payment, from the dashboard's Pay now.
  const byFamily = new Map<string, RegistrationItem[]>();
  for (const t of numbered.filter((t) => t.payment_method !== 'stripe')) {
    byFamily.set(t.user_id, [...(byFamily.get(t.user_id) ?? []), t]);
  }
  for (const family of byFamily.values()) await mailConfirmationOnce(await madeTogether(family), season);
  return numbered.length;
}

/**
 * The registrations made together with these (one family's request: the same account, written at the same
 * moment), those a request's batch numbered before the sweep too: the family's confirmation names them all,
 * so its mail goes once, whole, whichever message (the request's or the sweep's) the worker takes first. A
 * child of theirs on the waitlist has no registration yet; its own confirmation follows when it takes a spot.
 */
async function madeTogether(numbered: RegistrationItem[]): Promise<RegistrationItem[]> {
  const first = numbered[0]!;
  const at = new Set(numbered.map((t) => t.created_at));
  const earlier = (await tryoutsOfAccount(first.user_id, first.season_id)).filter(
    (t) =>
      at.has(t.created_at) &&
      t.payment_method !== 'stripe' &&
      !numbered.some((n) => n.player_id === t.player_id),
  );
  return [...numbered, ...earlier];
}
