/**
 * Tryout night (issue 37): the helpers an admin invites for a season, checking players in at the door, and
 * evaluators scoring them. The rules and answer shapes both sides read; the inputs' schemas are
 * tryout-night-schemas.ts.
 */
import type { AgeGroup, Division, PaymentMethod, SessionKind, TryoutResult } from './constants';
import type { IsoDate } from './dates';
import type { PaymentStatus } from './types';

/**
 * A helper's job for one season: `check-in` runs the door (names, payment, flags), `evaluator` scores the
 * players of some age groups (numbers and first names only), `coach` (issue 45) reads one team's roster.
 */
export const HELPER_ROLES = ['check-in', 'evaluator', 'coach'] as const;
export type HelperRole = (typeof HELPER_ROLES)[number];

export const HELPER_ROLE_LABELS: Record<HelperRole, string> = {
  'check-in': 'Check-in',
  evaluator: 'Evaluator',
  coach: 'Coach',
};

/** How long a helper's invitation link works, in days. */
export const HELPER_INVITE_DAYS = 7;
/** A helper's access ends this many days after the season's last session (or when the admin removes it). */
export const HELPER_ACCESS_DAYS_AFTER = 1;

/** The most criteria a season scores, and the bounds of its scale (1 to scale_max). */
export const MAX_CRITERIA = 10;
export const MIN_SCALE_MAX = 3;
export const MAX_SCALE_MAX = 10;
/** The most scores one request sends (a device sends what it holds in batches of this many). */
export const MAX_SCORES_PER_BATCH = 100;
/**
 * How far ahead of the server's clock a score's time may be (a phone's clock drifts a little): further, and a
 * phone clock set in 2099 would hold a score against every later correction, so it is refused.
 */
export const MAX_SCORE_CLOCK_AHEAD_MS = 5 * 60 * 1000;
/** An evaluator's note on a player: a line or two. */
export const MAX_SCORE_NOTE = 280;
/** Players seen by fewer evaluators than this are flagged on the rankings. */
export const MIN_EVALUATORS = 2;

/** GET /admin/seasons/{id}/helpers: one invitation or grant. */
export interface SeasonHelper {
  id: string;
  email: string;
  role: HelperRole;
  /** The groups an evaluator scores; empty for check-in. */
  age_groups: AgeGroup[];
  /** A coach's team (issue 45): its id and name; absent for the other jobs. */
  team_id?: string;
  team_name?: string;
  /** Invited: the link is waiting; active: accepted by the invited address. */
  status: 'invited' | 'active';
  /** The helper's name once accepted. */
  name: string | null;
  invited_at: string;
  accepted_at: string | null;
  /** When the invitation link stops working (invited only). */
  link_expires_at: string | null;
}

/** GET /helpers/me: the seasons and jobs the signed-in account helps with now. */
export interface HelperGrant {
  season_id: string;
  season_name: string;
  role: HelperRole;
  age_groups: AgeGroup[];
  /** A coach's team (issue 45): its id and name; absent for the other jobs. */
  team_id?: string;
  team_name?: string;
  /**
   * When access ends (a day after the season's last session); null while the season has no sessions, and for
   * a coach, whose access lasts until the club removes it.
   */
  ends_at: string | null;
}

/** A session of tonight, as the door sees it. */
export interface TonightSession {
  id: string;
  kind: SessionKind;
  age_groups: AgeGroup[];
  starts_at: string;
  ends_at: string;
  location: string;
}

/**
 * A player as the check-in helper sees them: number, name, group, session, payment and the two flags; never
 * a birth date, address, phone or contact.
 */
export interface CheckinPlayer {
  /** The registration's public id. */
  id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  age_group: AgeGroup;
  /** Tonight's sessions of the player's group. */
  session_ids: string[];
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** What is still owed (cash to take at the door, or a card payment not made). */
  amount_due_cents: number;
  attended: boolean;
  checked_in_at: string | null;
  /** When the cash was taken (at the door or by an admin), or null: the door undoes tonight's with the tap. */
  cash_taken_at: string | null;
  /** How much that cash was (0 when none): what the door gives back when it undoes tonight's check-in. */
  cash_taken_cents: number;
  withdrawn: boolean;
  /** The family gave medical notes: ask an admin (the notes themselves are admin-only). */
  medical: boolean;
  /** Photos and video allowed (true), refused (false) or never asked (null). */
  photo_consent: boolean | null;
}

/** POST /checkin/{seasonId}/scan: the player, and whether they were in before this scan (said, not done again). */
export interface ScanAnswer extends CheckinPlayer {
  already_in: boolean;
}

/** GET /checkin/{seasonId}/tonight. */
export interface TonightAnswer {
  season_id: string;
  season_name: string;
  /** Today in Edmonton. */
  date: IsoDate;
  /**
   * When that day began (00:00 in Edmonton), as the server's time-zone data says: the phone judges "cash taken
   * tonight" against this instant, never against its own zone data, which may differ for an hour around a rule
   * change.
   */
  day_started_at: string;
  sessions: TonightSession[];
  players: CheckinPlayer[];
  counts: { checked_in: number; expected: number; cash_taken_cents: number };
  /** What a walk-up's form needs: whether it can register now, the groups, their age year, the waiver. */
  walk_up: {
    open: boolean;
    age_groups: AgeGroup[];
    reference_year: number;
    fee_cents: number;
    waiver_text: string;
  };
}

/** POST /checkin/{seasonId}/walk-ups: the new registration, checked in. */
export interface WalkUpAnswer {
  player: CheckinPlayer;
  message: string;
}

/** A criterion the season's evaluators score. */
export interface Criterion {
  key: string;
  label: string;
}

/** PUT /admin/seasons/{id}/criteria and what the evaluators read. */
export interface SeasonCriteria {
  criteria: Criterion[];
  scale_max: number;
}

/** A player as an evaluator sees them: number, first name and last initial, group, checked in. */
export interface RosterPlayer {
  id: string;
  tryout_number: number;
  name: string;
  age_group: AgeGroup;
  checked_in: boolean;
}

/** One score as stored and answered: the evaluator's own only. */
export interface Score {
  tryout_id: string;
  criterion: string;
  value: number;
  note?: string;
  scored_at: string;
  client_id: string;
}

/** GET /evaluate/{seasonId}/roster?age_group=. */
export interface RosterAnswer extends SeasonCriteria {
  season_id: string;
  season_name: string;
  age_group: AgeGroup;
  players: RosterPlayer[];
  /** The caller's own scores of these players. */
  scores: Score[];
}

/** PUT /evaluate/{seasonId}/scores: how many were stored and how many were older than what the server held. */
export interface ScoresAnswer {
  stored: number;
  superseded: number;
}

/** One player's line of GET /admin/seasons/{id}/rankings. */
export interface RankingRow {
  id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  age_group: AgeGroup;
  division: Division;
  attended: boolean;
  result: TryoutResult | '';
  /** Who scored the player (names). */
  evaluators: string[];
  /** Each criterion's mean over the evaluators' scores (null: nobody scored it). */
  means: Record<string, number | null>;
  /**
   * The player's overall score, each evaluator's scores first turned into how far they sit from that
   * evaluator's own average (in the evaluator's standard deviations), then averaged: 0 is average.
   */
  overall: number | null;
  /** The mean of the criteria's means, on the season's scale (1 … scale_max): the overall a volunteer reads. */
  average: number | null;
  /** The player's place by `overall` (1 is best, ties share it); null: not scored. */
  rank: number | null;
  /** The evaluators' notes about the player (the admin's screen only; never the family's). */
  notes: Array<{ evaluator: string; criterion: string; note: string }>;
  /** Seen by fewer than MIN_EVALUATORS evaluators. */
  few_evaluators: boolean;
}

export interface RankingsAnswer extends SeasonCriteria {
  age_group: AgeGroup;
  rows: RankingRow[];
}

/** A player's evening as the family sees it on the dashboard (no scores). */
export interface TryoutNight {
  checked_in_at: string | null;
  /** How many evaluators scored the player, once a session of theirs has ended. */
  seen_by: number | null;
}
