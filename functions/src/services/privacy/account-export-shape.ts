/**
 * What a member's export holds (GET /account/export, issue 19): the JSON copy is this object, and the readable
 * page (account-export-page.ts) says the same in words. Its own file, so the collector and the page each
 * import it and neither imports the other.
 */
export interface AccountExport {
  exported_at: string;
  account: Record<string, unknown>;
  household: Array<Record<string, unknown>>;
  other_guardians: Array<Record<string, unknown>>;
  athlete_ids: string[];
  registrations: Array<Record<string, unknown>>;
  /** Registrations written but still waiting for their tryout number (decision 0067): details under `tryout`. */
  waiting_registrations: Array<Record<string, unknown>>;
  /** Registrations on a full age group's waitlist (issue 45): details under `tryout`. */
  waitlist_entries: Array<Record<string, unknown>>;
  refunds: Array<Record<string, unknown>>;
  /** Offers of a place on a team (issue 45): the answer, the reason given, the waiver's typed name. */
  offers: Array<Record<string, unknown>>;
  /** The later instalments of the offers' team fees (issue 46). */
  instalments: Array<Record<string, unknown>>;
  family_checkouts: Array<Record<string, unknown>>;
  club_changes: Array<Record<string, unknown>>;
  mail_status: Array<Record<string, unknown>>;
  sign_in_sessions: Array<Record<string, unknown>>;
  /** The jobs, and the name the helper gave for them. */
  helper_jobs: Array<{ season_name: string; role: string; age_groups: string[]; name: string }>;
  opening_notice: Record<string, unknown> | null;
}
