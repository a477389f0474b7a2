/**
 * Teams (issue 45): a season's teams, the players placed on them and their ordered alternates, and the roster a
 * coach reads. The answer shapes and limits both sides read; the inputs' schemas are team-schemas.ts.
 */
import type { AgeGroup, EmergencyContactRelationship } from './constants';

/** A team's name: what the families see on the offer and the dashboard. */
export const MAX_TEAM_NAME = 60;
export const MAX_COACH_NAME = 80;
/**
 * The most players a team holds. A basketball team is 10 to 15; the bound keeps one placement change (every
 * player leaving and every player arriving, and the team) inside one DynamoDB transaction of 100 items.
 */
export const MAX_TEAM_CAPACITY = 30;
/** The most alternates a team keeps in order (the same transaction bound as the capacity). */
export const MAX_TEAM_ALTERNATES = 30;
/** The highest team fee, in cents ($5,000). */
export const MAX_TEAM_FEE_CENTS = 500_000;

/** A player's place on a team: placed (offered first) or an alternate (offered in rank order when a place frees). */
export type PlacementKind = 'placed' | 'alternate';

/** GET /admin/seasons/{id}/teams, POST, PATCH: one team of a season. */
export interface Team {
  /** `<seasonId>.<teamUuid>` (ids.ts teamId). */
  id: string;
  season_id: string;
  name: string;
  age_group: AgeGroup;
  capacity: number;
  fee_cents: number;
  coach_name: string | null;
  /** Overrides its age group's link from the spec ("Join Your Team on TeamSnap"), shown once an offer is accepted. */
  team_link: string | null;
  /** Whether the family may pay the team fee in cash (otherwise card only). */
  cash_accepted: boolean;
  /**
   * The due dates (`YYYY-MM-DD`, the club's day) of instalments 2..4 (issue 46): the first is paid on
   * acceptance; none (empty) = the fee is paid in full as before. Optional only for answers built before it.
   */
  instalment_due_dates?: string[];
  /** How many more times a declined instalment is charged, one a day (0–3). */
  instalment_retries?: number;
  /** Players placed on the team, and alternates in its list. */
  placed: number;
  alternates: number;
  /** Offers accepted, and offers out and unanswered (kept by the offers, once the season publishes them). */
  accepted: number;
  offered: number;
  created_at: string;
}

/** A player on a team's lists, as the admin's Teams screen shows them. */
export interface TeamPlayer {
  /** The registration's id (ids.ts tryoutId). */
  tryout_id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  kind: PlacementKind;
  /** An alternate's place in line (1 = offered first); null when placed. */
  rank: number | null;
}

/** GET /admin/seasons/{id}/teams: each team with its placed players and its alternates in order. */
export interface TeamWithPlayers extends Team {
  placed_players: TeamPlayer[];
  alternate_players: TeamPlayer[];
}

/**
 * The team fee's state as the roster shows it: paid, paying in instalments (issue 46), an instalment declined
 * and not paid since, owed by card, owed in cash, or no fee.
 */
export type RosterFeeState = 'paid' | 'on_plan' | 'instalment_declined' | 'to_pay' | 'cash_due' | 'none';

/** The roster's words for the fee's state: on the admin's printed roster and in its CSV. */
export const ROSTER_FEE_WORDS: Record<RosterFeeState, string> = {
  paid: 'Paid',
  on_plan: 'Paying in instalments',
  instalment_declined: 'Instalment declined',
  to_pay: 'To pay',
  cash_due: 'Cash due',
  none: 'No fee',
};

/** One guardian of a rostered player, with a phone to call. */
export interface TeamRosterGuardian {
  name: string;
  phone: string;
  email: string;
}

/** One player of a team's roster. */
export interface TeamRosterPlayer {
  tryout_id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  birth_year: number;
  guardians: TeamRosterGuardian[];
  emergency_contact: {
    name: string;
    phone: string;
    relationship: EmergencyContactRelationship;
  };
  /** The family's medical notes ("" when none). */
  medical_notes: string;
  /** Photo consent as the family gave it at registration. */
  photo_consent: boolean;
  fee_state: RosterFeeState;
}

/**
 * GET /admin/teams/{teamId}/roster: the team and its players. `source` says which players these are: accepted
 * offers once the season's offers are published, the placed players before.
 */
export interface TeamRoster {
  team: Team;
  season_name: string;
  source: 'accepted' | 'placed';
  players: TeamRosterPlayer[];
}

/** A guardian as a coach sees them: a name and a phone to call, not their e-mail address. */
export type CoachRosterGuardian = Omit<TeamRosterGuardian, 'email'>;

/** A coach's view of one player (GET /coach/teams/{teamId}/roster): the notes as the door sees them. */
export interface CoachRosterPlayer extends Omit<
  TeamRosterPlayer,
  'fee_state' | 'medical_notes' | 'guardians'
> {
  guardians: CoachRosterGuardian[];
  /** True when the family wrote a medical note: the phone shows a flag and the note on tap. */
  has_medical_notes: boolean;
  medical_notes: string | null;
}

export interface CoachRoster {
  team: Pick<Team, 'id' | 'name' | 'age_group' | 'coach_name'>;
  season_name: string;
  players: CoachRosterPlayer[];
}
