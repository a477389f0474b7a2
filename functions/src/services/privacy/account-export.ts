/**
 * GET /account/export (issue 19): every item stored about the signed-in account and its household's athletes,
 * as JSON, or as a readable page (`?format=html`, account-export-page.ts). Each item is given as it is stored,
 * less the table's own key attributes and the secrets (the password's hash, the hashes of live links); sign-in
 * sessions say when they started and end, never a token. Another guardian of the household appears as the
 * household shows them (name and e-mail), never with their account (issue 34).
 */
import { serverMessages, type AccessTokenClaims } from '@club/shared';
import { grantsOf } from '../../db/tryout-night/volunteers';
import { readMemberItems, type StoredItem } from '../../db/privacy/member-data';
import { personalRecord, type RecordKind } from '@club/shared/personal-data';
import { NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { exportPage } from './account-export-page';
import type { AccountExport } from './account-export-shape';

export type { AccountExport };

/**
 * Attributes that are the table's bookkeeping, not information about the member: keys and index places, and
 * the claims of work in progress.
 */
const BOOKKEEPING = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'claim', 'lease_until'];

/**
 * What an item of a kind leaves out: the bookkeeping, and the fields the declaration of personal data says
 * are never handed out (shared personal-data.ts: the password's hash, the hashes of live links).
 */
function leftOut(kind?: RecordKind): Set<string> {
  // An account's secrets are left out of every item, as they always were; a kind's own, of its items.
  const secrets = [personalRecord('account'), ...(kind ? [personalRecord(kind)] : [])]
    .flatMap((record) => record.fields)
    .filter((f) => !f.exported);
  return new Set([...BOOKKEEPING, ...secrets.map((f) => f.field)]);
}

function plain(item: StoredItem, kind?: RecordKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const omitted = leftOut(kind);
  for (const [key, value] of Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) {
    if (omitted.has(key)) continue;
    out[key] = value instanceof Set ? [...value] : value;
  }
  return out;
}

/** The account's data as one object (the JSON export, and what the page shows). */
export async function collectAccountExport(
  caller: AccessTokenClaims,
  now = new Date(),
): Promise<AccountExport> {
  const items = await readMemberItems(caller.sub);
  if (!items) throw new NotFoundError(serverMessages.accountNotFound);
  const seasonNames = new Map(items.seasons.map((s) => [String(s.id), String(s.name)]));
  return {
    exported_at: now.toISOString(),
    account: plain(items.profile, 'account'),
    // Another guardian's membership is theirs too: the household lists them above by name.
    household: items.household
      .filter((item) => item.type !== 'household-guardian' || item.user_id === caller.sub)
      .map((item) => plain(item, item.type === 'household-athlete' ? 'athlete' : undefined)),
    // Another guardian's account is theirs (issue 34): only what the household shows of them.
    other_guardians: items.guardians.map((g) => ({
      first_name: g.first_name,
      last_name: g.last_name,
      email: g.email,
    })),
    athlete_ids: items.athleteIds,
    registrations: items.registrations.map((r) => {
      // Tryout night (issue 37): how many evaluators saw the player, not who (helpers' ids are theirs).
      const { seen_by: seenBy, checked_in_by: _by, ...rest } = plain(r, 'registration');
      return {
        season_name: seasonNames.get(String(r.season_id)) ?? '',
        ...rest,
        ...(Array.isArray(seenBy) ? { seen_by_evaluators: seenBy.length } : {}),
      };
    }),
    // As written: the registration's details under `tryout` (shared personal-data.ts 'waiting-registration').
    waiting_registrations: items.waiting.map((w) => ({
      season_name: seasonNames.get(String(w.PK).slice('SEASON#'.length)) ?? '',
      ...plain(w, 'waiting-registration'),
    })),
    waitlist_entries: items.waitlisted.map((w) => ({
      season_name: seasonNames.get(String(w.PK).slice('SEASON#'.length)) ?? '',
      ...plain(w, 'waitlist-entry'),
    })),
    refunds: items.refunds.map((item) => plain(item)),
    offers: items.offers.map((item) => plain(item, 'offer')),
    instalments: items.instalments.map((item) => plain(item, 'instalment')),
    family_checkouts: items.checkouts.map((item) => plain(item)),
    club_changes: items.changes.map((item) => plain(item)),
    mail_status: items.mailStatus.map((item) => ({
      address: String(item.PK).slice('MAIL#'.length),
      ...plain(item),
    })),
    sign_in_sessions: items.sessions.map((item) => plain(item)),
    opening_notice: items.openingNotice ? plain(items.openingNotice) : null,
    // The seasons and jobs the account helped with on tryout night (issue 37).
    helper_jobs: (await grantsOf(caller.sub)).map((g) => ({
      season_name: seasonNames.get(g.season_id) ?? '',
      role: g.role,
      age_groups: g.age_groups,
      name: g.name,
    })),
  };
}

/** GET /account/export: the JSON or the page, as a file to keep. */
export async function exportAccount(
  caller: AccessTokenClaims,
  format: 'json' | 'html',
): Promise<{ body: string; contentType: string; filename: string }> {
  const data = await collectAccountExport(caller);
  log.info('account exported', { format });
  return format === 'html'
    ? {
        body: exportPage(data),
        contentType: 'text/html; charset=utf-8',
        filename: 'summit-basketball-my-data.html',
      }
    : {
        body: JSON.stringify(data, null, 2),
        contentType: 'application/json; charset=utf-8',
        filename: 'summit-basketball-my-data.json',
      };
}
