/** Seasons: which one is active, creating one, and the defaults of a new one. */
import { randomUUID } from 'node:crypto';
import {
  CLUB_TIME_ZONE,
  DEFAULT_TRYOUT_FEE_CENTS,
  serverMessages,
  SPOT_HOLD_HOURS,
  type AdminSeason,
  type AgeGroup,
  type Season,
  type TryoutSession,
} from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import { NotFoundError } from '../../lib/errors';

/** What each further athlete of a household pays: the season's sibling fee, else its fee. */
export function siblingFeeOf(
  season: Pick<seasonsTable.SeasonItem, 'tryout_fee_cents' | 'sibling_fee_cents'>,
): number {
  return season.sibling_fee_cents ?? season.tryout_fee_cents;
}

/** The answer's shape of a season item (spec §3 Season, plus its fee and reference year). */
export function toSeason(season: seasonsTable.SeasonItem, isActive: boolean): Season {
  return {
    id: season.id,
    name: season.name,
    is_active: isActive,
    age_groups: season.age_groups,
    is_registration_open: season.is_registration_open,
    tryout_fee_cents: season.tryout_fee_cents,
    sibling_fee_cents: siblingFeeOf(season),
    reference_year: season.reference_year,
    sessions: season.sessions,
    registration_opens_on: season.registration_opens_on || null,
    waiver_text: season.waiver_text ?? '',
    waiver_version: season.waiver_text ? (season.waiver_version ?? 1) : 0,
    refund_policy: season.refund_policy ?? '',
    // Interac e-Transfer (issue 46): only once the admin set it, so a season without it answers as before.
    ...(season.etransfer ? { etransfer: season.etransfer } : {}),
  };
}

/** The admin area's shape of a season: the public one plus its team links and creation time. */
export function toAdminSeason(season: seasonsTable.SeasonItem, isActive: boolean): AdminSeason {
  return {
    ...toSeason(season, isActive),
    teamsnap_links: season.teamsnap_links,
    created_at: season.createdAt,
    offers: seasonsTable.offerSettingsOf(season),
    offers_published_at: season.offers_published_at ?? null,
    capacities: season.capacities ?? {},
    spot_hold_hours: season.spot_hold_hours ?? SPOT_HOLD_HOURS.default,
  };
}

export async function getActiveSeason(): Promise<Season> {
  const season = await seasonsTable.getActiveSeason();
  if (!season) throw new NotFoundError(serverMessages.noActiveSeason);
  return toSeason(season, true);
}

/** The calendar year in the club's zone. */
function currentYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric' }).format(now));
}

/**
 * The year a new season counts its age groups from, unless told: the year its name names ("Fall 2026
 * Tryouts" → 2026), else the current year in Edmonton (a season created on Dec 31 for next fall must say so
 * in its name or its settings).
 */
export function defaultReferenceYear(name: string, now: Date): number {
  const named = /(?<!\d)(20\d{2}|2100)(?!\d)/.exec(name);
  return named ? Number(named[1]) : currentYear(now);
}

/** Creates a season and makes it the active one (spec §4: creating a season makes it the active one). */
export async function createSeason(input: {
  name: string;
  age_groups: readonly AgeGroup[];
  is_registration_open?: boolean;
  /** Defaults to DEFAULT_TRYOUT_FEE_CENTS (a placeholder the club confirms). */
  tryout_fee_cents?: number;
  /** Defaults to the fee. */
  sibling_fee_cents?: number;
  /** Defaults to defaultReferenceYear. */
  reference_year?: number;
  sessions?: readonly TryoutSession[];
  now?: Date;
  /** The administrator creating it (its audit entry's author); 'system' for the local seed. */
  createdBy?: string;
}): Promise<AdminSeason> {
  const now = input.now ?? new Date();
  const season: seasonsTable.SeasonItem = {
    id: randomUUID(),
    name: input.name,
    age_groups: [...input.age_groups],
    is_registration_open: input.is_registration_open ?? false,
    tryout_fee_cents: input.tryout_fee_cents ?? DEFAULT_TRYOUT_FEE_CENTS,
    ...(input.sibling_fee_cents === undefined ? {} : { sibling_fee_cents: input.sibling_fee_cents }),
    reference_year: input.reference_year ?? defaultReferenceYear(input.name, now),
    teamsnap_links: {},
    sessions: [...(input.sessions ?? [])],
    createdAt: now.toISOString(),
  };
  await seasonsTable.createActiveSeason(season, { actorId: input.createdBy ?? 'system', now });
  return toAdminSeason(season, true);
}
