/**
 * The numbering sweep (docs/decisions/0067-numbers-given-in-batches.md): every minute, registrations written
 * but left waiting for their number (their request died between its write and its batch, with no registration
 * after it to number them) are numbered, and those with nothing to pay by card get the confirmation their
 * request never sent, once (the mail's own claim keeps it once).
 */
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutNumbers from '../../db/registration/tryout-numbers';
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
  for (const family of byFamily.values()) await mailConfirmationOnce(family, season);
  return numbered.length;
}
