/**
 * Offers with a deadline (issue 45 §3): once a season's offers are published, each player placed on a team gets
 * an offer the family accepts or declines by `respond_by`. A season whose offers are off keeps the spec's
 * Selected / Not Selected flow (spec §2, §4).
 */

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
 * paid.
 */
export type OfferFeeState = 'none' | 'to_pay' | 'paid';

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
}

/** POST /admin/seasons/{id}/offers/publish: when the offers go out. */
export interface OffersPublishAnswer {
  publish_at: string;
}
