/**
 * The team fee and the offers board (issue 45 §4, §5): what an accepted offer owes and how it was paid, its
 * refunds, and the admin's board of a season's teams. The inputs' schemas are team-fee-schemas.ts.
 */
import type { AgeGroup } from './constants';
import type { InstalmentView } from './instalments';
import type { OfferFeeState, OfferState } from './offers';
import type { RefundRecord } from './types';

/** How a team fee was paid: by card through Stripe Checkout, or in cash to the club. */
export type TeamFeeMethod = 'stripe' | 'cash';

/**
 * An offer's team fee as the admin sees it (PATCH /admin/offers/{id}/cash, POST /admin/offers/{id}/refund and
 * each player of the offers board): what it is, where it stands, what was paid and given back.
 */
export interface AdminOfferFee {
  /** The offer's id (ids.ts offerId). */
  offer_id: string;
  state: OfferState;
  fee_cents: number;
  fee_state: OfferFeeState;
  fee_method: TeamFeeMethod | null;
  /** Paid and not given back, in cents. */
  paid_cents: number;
  refunded_cents: number;
  /** Asked back (card refunds still with Stripe included), in cents. */
  refund_reserved_cents: number;
  /** The family withdrew after accepting (the place went to the next alternate). */
  withdrawn_after_acceptance: boolean;
  refunds: RefundRecord[];
  /** The fee's instalments (issue 46), 1 to n; absent when the fee is paid in full. */
  instalments?: InstalmentView[] | null;
}

/** POST /admin/offers/{id}/refund: the offer's fee after the refund, and the refund. */
export interface AdminOfferRefundAnswer {
  fee: AdminOfferFee;
  refund: RefundRecord;
}

/** An alternate of a team on the board: its place in line and where its offer stands ('waiting': none yet). */
export interface OffersBoardAlternate {
  tryout_id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  rank: number;
  state: OfferState | 'waiting';
}

/** A player holding (or who held) an offer of the team, with the fee, for the admin's cash and refunds. */
export interface OffersBoardPlayer {
  tryout_id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  fee: AdminOfferFee;
}

/** The counts of a team's offers by state. */
export type OfferCounts = Record<OfferState, number>;

/** One team of the offers board. */
export interface OffersBoardTeam {
  /** The team's id (ids.ts teamId). */
  id: string;
  name: string;
  age_group: AgeGroup;
  capacity: number;
  fee_cents: number;
  cash_accepted: boolean;
  counts: OfferCounts;
  /** Places neither accepted nor out on an offer. */
  open_places: number;
  alternates: OffersBoardAlternate[];
  players: OffersBoardPlayer[];
  /** Team fees paid and not given back, in cents. */
  fees_collected_cents: number;
  /** Team fees of accepted offers still owed, in cents. */
  fees_owed_cents: number;
}

/** GET /admin/seasons/{id}/offers-board?age_group=: the season's teams (of one age group when asked). */
export interface OffersBoard {
  season_id: string;
  age_group: AgeGroup | null;
  /** When the season's offers went out; null before. */
  offers_published_at: string | null;
  teams: OffersBoardTeam[];
}
