/**
 * Offers with a deadline (issue 45 §3): once a season's offers are published, each player placed on a team gets
 * an offer the family accepts or declines by `respond_by`. A season whose offers are off keeps the spec's
 * Selected / Not Selected flow (spec §2, §4).
 */
import { CLUB_TIME_ZONE } from './constants';
import type { InstalmentView } from './instalments';

/**
 * Where an offer stands.
 * - offered: sent, waiting for the family's answer until `respond_by`;
 * - accepted: the family took the place (waiver signed); the team link shows;
 * - declined: the family said no (or withdrew after accepting: the team fee's part);
 * - expired: nobody answered by `respond_by` (or the admin ended it so);
 * - rescinded: the club took it back.
 */
export const OFFER_STATES = ['offered', 'accepted', 'declined', 'expired', 'rescinded'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/**
 * Where an accepted offer's team fee stands (the team fee's part fills it): none (no fee), to_pay (owed),
 * on_plan (the first instalment paid, later ones still to come: issue 46), paid.
 */
export type OfferFeeState = 'none' | 'to_pay' | 'on_plan' | 'paid';

/** A season's offer settings (PATCH /admin/seasons/{id} `offers`). */
export interface OfferSettings {
  /** Off: the spec's Selected / Not Selected flow, untouched. */
  enabled: boolean;
  /** How long a family has to answer, 24 to 168 hours (a day to a week). */
  respond_within_hours: number;
  /** When the offers go out (ISO instant); null until the admin publishes them. */
  publish_at: string | null;
  /** A decline or an expiry offers the place to the team's next alternate. */
  auto_offer_alternates: boolean;
}

/** What a season has until its admin says otherwise. */
export const DEFAULT_OFFER_SETTINGS: OfferSettings = {
  enabled: false,
  respond_within_hours: 48,
  publish_at: null,
  auto_offer_alternates: true,
};

/** The limits of `respond_within_hours`. */
export const RESPOND_WITHIN_HOURS = { min: 24, max: 168 } as const;

/**
 * The offer a registration carries on GET /tryouts/my and GET /household/tryouts (`offer`), absent while the
 * player has none.
 */
export interface OfferAnswer {
  /** `<seasonId>.<playerId>` (ids.ts offerId): POST /offers/{id}/accept and /decline. */
  id: string;
  /** The team's name. */
  team: string;
  state: OfferState;
  /** The deadline (ISO instant); shown in Edmonton time. */
  respond_by: string;
  /** The team fee when offered, in cents of CAD. */
  fee_cents: number;
  coach_name: string | null;
  /** The team's link (else its age group's), only once accepted. */
  team_link: string | null;
  /** The team's season waiver a family accepts by typing a name ('' when the club has none) and its version. */
  waiver_text: string;
  waiver_version: number;
  /** Where the team fee stands (the team fee's part); absent until accepted. */
  fee_state?: OfferFeeState;
  /** Whether the team takes its fee in cash as well as by card (the dashboard says "or pay cash to the club"). */
  cash_accepted?: boolean;
  /**
   * The fee's instalments (issue 46), 1 to n: the team's plan while offered, the offer's own once accepted.
   * Absent when the fee is paid in full.
   */
  instalments?: InstalmentView[] | null;
}

/** POST /admin/seasons/{id}/offers/publish: when the offers go out. */
export interface OffersPublishAnswer {
  publish_at: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * An offer's deadline as a family reads it, in Edmonton time: "Monday, December 1, 2026, 9:00 a.m.". Built
 * from the zone's parts (not a locale's whole format), so the mail and the dashboard say it the same way.
 */
export function offerDeadlineText(respondBy: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLUB_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      weekday: 'short',
    })
      .formatToParts(new Date(respondBy))
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${parts.minute} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
  return `${weekday}, ${MONTHS[month - 1]} ${day}, ${year}, ${clock}`;
}

/** How long a family has left to answer: "2 days 3 hours left", "45 minutes left", or null once past. */
export function offerTimeLeftText(respondBy: string, now: Date): string | null {
  const ms = Date.parse(respondBy) - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${unit(days, 'day')}${hours ? ` ${unit(hours, 'hour')}` : ''} left`;
  if (hours > 0) return `${unit(hours, 'hour')}${mins ? ` ${unit(mins, 'minute')}` : ''} left`;
  return `${unit(Math.max(mins, 1), 'minute')} left`;
}
