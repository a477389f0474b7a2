/**
 * GET /account/export (issue 19): every item stored about the signed-in account and its household's athletes,
 * as JSON, or as a readable page (`?format=html`). Each item is given as it is stored, less the table's own
 * key attributes and the one secret the table holds for a member (the password's hash); sign-in sessions say
 * when they started, were last used and end, never a token.
 */
import { serverMessages, type AccessTokenClaims } from '@club/shared';
import { readMemberItems, type StoredItem } from '../db/member-data';
import { NotFoundError } from '../lib/errors';
import { log } from '../lib/log';
import { CLUB_FULL_NAME } from '../mail/layout';

/** Attributes that are the table's bookkeeping or a secret, not information about the member. */
const LEFT_OUT = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'passwordHash', 'claim', 'lease_until']);

function plain(item: StoredItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) {
    if (LEFT_OUT.has(key)) continue;
    out[key] = value instanceof Set ? [...value] : value;
  }
  return out;
}

export interface AccountExport {
  exported_at: string;
  account: Record<string, unknown>;
  household: Array<Record<string, unknown>>;
  other_guardians: Array<Record<string, unknown>>;
  athlete_ids: string[];
  registrations: Array<Record<string, unknown>>;
  refunds: Array<Record<string, unknown>>;
  family_checkouts: Array<Record<string, unknown>>;
  club_changes: Array<Record<string, unknown>>;
  mail_status: Array<Record<string, unknown>>;
  sign_in_sessions: Array<Record<string, unknown>>;
  opening_notice: Record<string, unknown> | null;
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
    account: plain(items.profile),
    household: items.household.map(plain),
    other_guardians: items.guardians.map(plain),
    athlete_ids: items.athleteIds,
    registrations: items.registrations.map((r) => ({
      season_name: seasonNames.get(String(r.season_id)) ?? '',
      ...plain(r),
    })),
    refunds: items.refunds.map(plain),
    family_checkouts: items.checkouts.map(plain),
    club_changes: items.changes.map(plain),
    mail_status: items.mailStatus.map((item) => ({
      address: String(item.PK).slice('MAIL#'.length),
      ...plain(item),
    })),
    sign_in_sessions: items.sessions.map(plain),
    opening_notice: items.openingNotice ? plain(items.openingNotice) : null,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="none">—</span>';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return escapeHtml(value.join(', '));
    return value.map((v) => table(v as Record<string, unknown>)).join('');
  }
  if (typeof value === 'object') return table(value as Record<string, unknown>);
  return escapeHtml(String(value));
}

function table(record: Record<string, unknown>): string {
  const rows = Object.entries(record)
    .map(
      ([key, value]) =>
        `<tr><th scope="row">${escapeHtml(key.replace(/_/g, ' '))}</th><td>${cell(value)}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
}

const TITLES: Record<keyof AccountExport, string> = {
  exported_at: 'Exported',
  account: 'Your account',
  household: 'Your household (its guardians and the athletes added to it)',
  other_guardians: 'Other guardians of your household',
  athlete_ids: 'Athletes of your household',
  registrations: 'Tryout registrations, every season (payments and result mail included)',
  refunds: 'Refunds',
  family_checkouts: 'Card payments made for several athletes at once',
  club_changes:
    'What the club’s administrators changed on those registrations (attendance, results, cash, refunds)',
  mail_status: 'What the mail service reported for your addresses',
  sign_in_sessions: 'Sign-in sessions (when each started, was last used and ends; never a token)',
  opening_notice: '"E-mail me when it opens"',
};

/** The same data as a self-contained page a member can read and print. */
export function exportPage(data: AccountExport): string {
  const sections = (Object.keys(TITLES) as Array<keyof AccountExport>)
    .filter((key) => key !== 'exported_at')
    .map((key) => {
      const value = data[key];
      const body =
        value === null || (Array.isArray(value) && value.length === 0)
          ? '<p class="none">Nothing stored.</p>'
          : Array.isArray(value)
            ? value
                .map((v) =>
                  typeof v === 'object'
                    ? table(v as Record<string, unknown>)
                    : `<p>${escapeHtml(String(v))}</p>`,
                )
                .join('')
            : table(value as Record<string, unknown>);
      return `<section><h2>${escapeHtml(TITLES[key])}</h2>${body}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at ${escapeHtml(CLUB_FULL_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;color:#1c2433;max-width:60rem;margin:1.5rem auto;padding:0 1rem;line-height:1.4}
h1{color:#0b1f3a}h2{margin-top:2rem;border-bottom:3px solid #f97316;padding-bottom:.25rem}
table{border-collapse:collapse;width:100%;margin:.75rem 0}th,td{border:1px solid #eadccb;padding:.35rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{width:30%;background:#fff7ed;font-weight:600}.none{color:#4a5568}</style></head>
<body><h1>Your data at ${escapeHtml(CLUB_FULL_NAME)}</h1>
<p>Everything the club's website stores about your account and your household's athletes, as of ${escapeHtml(data.exported_at)}.</p>
${sections}
</body></html>`;
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
