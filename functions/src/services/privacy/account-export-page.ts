/**
 * The readable copy of a member's data (`GET /account/export?format=html`, issue 34): a page a parent reads
 * and prints, in headings and sentences, dates in Edmonton time, no field names or ids. The JSON copy is the
 * complete one (every stored value); this page says the same things in words, section by section.
 */
import {
  CLUB_TIME_ZONE,
  DIVISION_LABELS,
  RELATIONSHIP_LABELS,
  RESULT_LABELS,
  type Division,
} from '@club/shared';
import { CLUB_FULL_NAME } from '../../mail/layout';
import type { AccountExport } from './account-export-shape';

type Item = Record<string, unknown>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const str = (item: Item, field: string): string =>
  typeof item[field] === 'string' ? item[field] : typeof item[field] === 'number' ? String(item[field]) : '';

let formats: { moment: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;
function dateFormats() {
  formats ??= {
    moment: new Intl.DateTimeFormat('en-CA', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: CLUB_TIME_ZONE,
    }),
    // A calendar date (a birth date) is no moment: shown as written, whatever the zone.
    day: new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }),
  };
  return formats;
}

/** An ISO time, or epoch seconds, as Edmonton reads it: "November 27, 2026 at 8:15 a.m.". */
function moment(value: unknown): string {
  const date =
    typeof value === 'number' ? new Date(value * 1000) : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormats().moment.format(date) : '';
}

/** A calendar date ("2014-05-06") as "May 6, 2014". */
function day(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  return dateFormats().day.format(new Date(`${value}T00:00:00Z`));
}

function dollars(cents: unknown): string {
  return typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '';
}

const yesNo = (value: unknown) => (value === true ? 'Yes' : 'No');

const PAYMENT_STATUS: Record<string, string> = {
  cash: 'to be paid in cash',
  pending: 'not paid yet',
  processing: 'being confirmed by the bank',
  paid: 'paid',
  failed: 'the payment failed',
  partially_refunded: 'paid, partly refunded',
  refunded: 'refunded',
  disputed: 'disputed with the card issuer',
};

const CHANGES: Record<string, string> = {
  season_created: 'Season created',
  season_settings: 'Season settings changed',
  registration_window: 'Registration opened or closed',
  team_link: 'Team link set',
  attendance: 'Attendance marked',
  result: 'Tryout result set',
  cash: 'Cash payment marked',
  reinstate: 'Registration reinstated',
  refund: 'Refund made',
  refund_released: 'Refund refused by the card processor and given back',
  fee: 'Fee set by the club (financial support)',
  result_mail_send: 'Result e-mail sent',
  result_mail_resend: 'Result e-mail sent again',
  csv_export: 'Registrations downloaded by an administrator',
};

/** Rows of label and value; a row with no value is left out. */
function facts(rows: Array<[label: string, value: string]>): string {
  const shown = rows.filter(([, value]) => value !== '');
  if (!shown.length) return '';
  return `<dl>${shown
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`;
}

function contact(item: Item): string {
  const name = str(item, 'emergency_contact_name');
  if (!name) return '';
  const relationship =
    RELATIONSHIP_LABELS[str(item, 'emergency_contact_relationship') as keyof typeof RELATIONSHIP_LABELS] ??
    '';
  const parts = [str(item, 'emergency_contact_phone'), str(item, 'emergency_contact_email')].filter(Boolean);
  return `${name}${relationship ? ` (${relationship})` : ''}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** Which teams the athlete plays on (issue 36), as the family chose it; '' when not said. */
const division = (item: Item) => DIVISION_LABELS[str(item, 'division') as Division] ?? '';

/** "Accepted by Dana Okafor on November 27, 2026 at 9:42 a.m. (version 2)"; '' without a waiver. */
function waiverText(waiver: unknown): string {
  if (!waiver || typeof waiver !== 'object') return '';
  const w = waiver as Item;
  return `Accepted by ${str(w, 'signed_name')} on ${moment(w.accepted_at)} (version ${str(w, 'version')})`;
}

const fullName = (item: Item) => `${str(item, 'first_name')} ${str(item, 'last_name')}`.trim();

function section(title: string, body: string, empty: string): string {
  return `<section><h2>${escapeHtml(title)}</h2>${body || `<p class="none">${escapeHtml(empty)}</p>`}</section>`;
}

function accountSection(account: Item): string {
  const guardian = account.account_type === 'guardian';
  return section(
    'Your account',
    facts([
      ['Name', fullName(account)],
      ['E-mail address', str(account, 'email')],
      ['New address waiting for you to confirm it', str(account, 'pendingEmail')],
      ['Phone', str(account, 'phone_number')],
      ['Kind of account', guardian ? 'A parent’s or guardian’s account' : 'A player’s own account'],
      ['Date of birth', day(account.date_of_birth)],
      ['Plays on', division(account)],
      ['Emergency contact', contact(account)],
      ['A parent or guardian consented', guardian ? '' : yesNo(account.parent_consent)],
      [
        'Privacy notice accepted',
        account.consentedAt
          ? `${moment(account.consentedAt)} (notice of ${str(account, 'consentNoticeVersion')})`
          : '',
      ],
      ['Account created', moment(account.createdAt)],
      ['E-mail address confirmed', moment(account.verifiedAt)],
      ['Last signed in', moment(account.last_sign_in_at)],
      ['Told it would be deleted for disuse', moment(account.retention_notice_at)],
      ['Club administrator', account.is_admin === true ? 'Yes' : ''],
    ]),
    '',
  );
}

function childrenSection(data: AccountExport): string {
  const accountId = str(data.account, 'id');
  const children = data.household.filter((item) => typeof item.date_of_birth === 'string');
  const family = data.household.find((item) => typeof item.guardian_count === 'number');
  const body = children
    .map((child) => {
      const by = str(child, 'consent_by');
      const consent = child.consented_at
        ? `${moment(child.consented_at)}, by ${by === accountId ? 'you' : 'another guardian of your family'}`
        : '';
      return `<h3>${escapeHtml(fullName(child))}</h3>${facts([
        ['Date of birth', day(child.date_of_birth)],
        ['Plays on', division(child)],
        ['Emergency contact', contact(child)],
        ['Parent or guardian consent given', consent],
        ['Added', moment(child.created_at)],
        ['Details last changed', moment(child.updated_at)],
      ])}`;
    })
    .join('');
  const made = family
    ? `<p>Your family account was made on ${escapeHtml(moment(family.created_at))}.</p>`
    : '';
  return section('Your children', made + body, 'You have not added any children.');
}

function guardiansSection(data: AccountExport): string {
  const body = data.other_guardians.length
    ? `<ul>${data.other_guardians
        .map((g) => `<li>${escapeHtml(fullName(g))}: ${escapeHtml(str(g, 'email'))}</li>`)
        .join('')}</ul>`
    : '';
  return section('Other parents and guardians of your family', body, 'No one else.');
}

function registrationsSection(data: AccountExport): string {
  const body = data.registrations
    .map((r) => {
      const status = PAYMENT_STATUS[str(r, 'payment_status')] ?? str(r, 'payment_status').replace(/_/g, ' ');
      const method = r.payment_method === 'stripe' ? 'By card' : 'In cash';
      const guardians = Array.isArray(r.guardians)
        ? (r.guardians as Item[]).map((g) => `${str(g, 'name')} (${str(g, 'email')})`).join('; ')
        : '';
      return `<h3>${escapeHtml(`${fullName(r)}, ${str(r, 'season_name')}`)}</h3>${facts([
        ['Age group', str(r, 'age_group')],
        ['Tryout number', str(r, 'tryout_number')],
        ['Registered', moment(r.created_at)],
        ['Payment', `${method}, ${dollars(r.amount_cents)}: ${status}`],
        ['Paid', moment(r.paid_at ?? r.cash_collected_at)],
        ['Refunded', r.amount_refunded_cents ? dollars(r.amount_refunded_cents) : ''],
        ['Withdrawn', r.withdrawn === true ? moment(r.withdrawn_at) || 'Yes' : ''],
        ['Attended', r.withdrawn === true ? '' : yesNo(r.attended)],
        ['Result', RESULT_LABELS[str(r, 'result') as keyof typeof RESULT_LABELS] ?? ''],
        ['Result e-mail sent', moment(r.mailed_at) || (r.email_sent === true ? 'Yes' : '')],
        ['Contact on the registration', [str(r, 'email'), str(r, 'phone_number')].filter(Boolean).join(', ')],
        ['Parents and guardians on the registration', guardians],
        ['Emergency contact on the registration', contact(r)],
        // What the club asked at registration (issue 36).
        ['Waiver', waiverText(r.waiver)],
        ['Photos and video', r.photo_consent === undefined ? '' : yesNo(r.photo_consent)],
        ['Financial support asked about', r.financial_support_requested === true ? 'Yes' : ''],
        ['Medical notes', str(r, 'medical_notes')],
      ])}`;
    })
    .join('');
  return section('Tryout registrations', body, 'No registrations.');
}

/** Registrations on a full age group's waitlist (issue 45). */
function waitlistSection(data: AccountExport): string {
  if (!data.waitlist_entries?.length) return '';
  const body = data.waitlist_entries
    .map((w) => ({ ...(w.tryout && typeof w.tryout === 'object' ? (w.tryout as Item) : {}), ...w }))
    .map(
      (r) =>
        `<h3>${escapeHtml(`${fullName(r)}, ${str(r, 'season_name')}`)}</h3>${facts([
          ['Age group', str(r, 'age_group')],
          ['Tryout number', 'none while on the waitlist'],
          [
            'Contact on the registration',
            [str(r, 'email'), str(r, 'phone_number')].filter(Boolean).join(', '),
          ],
          ['Emergency contact on the registration', contact(r)],
          ['Medical notes', str(r, 'medical_notes')],
        ])}`,
    )
    .join('');
  return section('Registrations on a waitlist', body, '');
}

/** Registrations written moments ago, still waiting for their tryout number (decision 0067). */
function waitingSection(data: AccountExport): string {
  if (!data.waiting_registrations.length) return '';
  const body = data.waiting_registrations
    .map((w) => ({ ...(w.tryout && typeof w.tryout === 'object' ? (w.tryout as Item) : {}), ...w }))
    .map(
      (r) =>
        `<h3>${escapeHtml(`${fullName(r)}, ${str(r, 'season_name')}`)}</h3>${facts([
          ['Age group', str(r, 'age_group')],
          ['Tryout number', 'being given: it shows on your dashboard within moments'],
          [
            'Contact on the registration',
            [str(r, 'email'), str(r, 'phone_number')].filter(Boolean).join(', '),
          ],
          ['Emergency contact on the registration', contact(r)],
          ['Medical notes', str(r, 'medical_notes')],
        ])}`,
    )
    .join('');
  return section('Registrations waiting for their tryout number', body, '');
}

function refundsSection(data: AccountExport): string {
  const body = data.refunds
    .map((refund) =>
      facts([
        [
          moment(refund.created_at),
          `${dollars(refund.amount_cents)} ${refund.method === 'stripe' ? 'back to the card' : 'in cash'}` +
            `${refund.status === 'pending' ? ' (waiting for the card company)' : ''}. Reason: ${str(refund, 'reason')}`,
        ],
      ]),
    )
    .join('');
  return section('Refunds', body, 'No refunds.');
}

function paymentsSection(data: AccountExport): string {
  const body = data.family_checkouts
    .map((group) => {
      const members = Array.isArray(group.members) ? (group.members as Item[]) : [];
      const total = members.reduce(
        (sum, m) => sum + (typeof m.amount_cents === 'number' ? m.amount_cents : 0),
        0,
      );
      return facts([
        [
          moment(group.created_at),
          `One card payment for ${members.length} registrations (${members
            .map((m) => `${str(m, 'age_group')} #${str(m, 'tryout_number')}`)
            .join(', ')}), ${dollars(total)}`,
        ],
      ]);
    })
    .join('');
  return section('Card payments for several children at once', body, 'None.');
}

function changesSection(data: AccountExport): string {
  const body = [...data.club_changes]
    .sort((a, b) => str(a, 'at').localeCompare(str(b, 'at')))
    .map((change) => facts([[moment(change.at), CHANGES[str(change, 'action')] ?? 'Changed by the club']]))
    .join('');
  return section('What the club’s administrators changed on your registrations', body, 'Nothing.');
}

function mailSection(data: AccountExport): string {
  const body = data.mail_status
    .map((status) => {
      const said = status.suppressed
        ? `could not be delivered (${str(status, 'suppressed')}), so the club no longer mails it`
        : `${str(status, 'lastEvent') || 'delivered'}${status.lastEventAt ? ` (${moment(status.lastEventAt)})` : ''}`;
      return facts([[str(status, 'address'), said]]);
    })
    .join('');
  return section('What the mail service told the club about your addresses', body, 'Nothing.');
}

function sessionsSection(data: AccountExport): string {
  const body = data.sign_in_sessions
    .map((s) => facts([[`Signed in ${moment(s.createdAt)}`, `ends by ${moment(s.expiresAt)}`]]))
    .join('');
  return section('Where you are signed in', body, 'Nowhere at the moment.');
}

function noticeSection(data: AccountExport): string {
  const notice = data.opening_notice;
  return section(
    '“E-mail me when it opens”',
    notice
      ? `<p>You asked to be told when registration opens (${escapeHtml(moment(notice.requested_at))}).</p>`
      : '',
    'You are not on the list.',
  );
}

function helperSection(data: AccountExport): string {
  const body = data.helper_jobs
    .map((job) =>
      facts([
        [
          job.season_name,
          job.role === 'check-in' ? 'Check-in at the door' : `Evaluator: ${job.age_groups.join(', ')}`,
        ],
      ]),
    )
    .join('');
  return section('Helping on tryout night', body, 'You are not a helper this season.');
}

/** The whole readable page. */
export function exportPage(data: AccountExport): string {
  const sections = [
    accountSection(data.account),
    guardiansSection(data),
    childrenSection(data),
    registrationsSection(data),
    waitingSection(data),
    waitlistSection(data),
    refundsSection(data),
    paymentsSection(data),
    changesSection(data),
    mailSection(data),
    sessionsSection(data),
    noticeSection(data),
    helperSection(data),
  ].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at ${escapeHtml(CLUB_FULL_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;color:#1c2433;max-width:48rem;margin:1.5rem auto;padding:0 1rem;line-height:1.45}
h1{color:#0b1f3a;font-size:1.6rem}h2{margin-top:2rem;font-size:1.25rem;border-bottom:3px solid #f97316;padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1.25rem 0 .25rem}dl{display:grid;grid-template-columns:minmax(9rem,1fr) 2fr;gap:.25rem .75rem;margin:.5rem 0}
dt{font-weight:600;color:#4a5568}dd{margin:0;overflow-wrap:anywhere}.none{color:#4a5568}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}}
@media print{body{margin:0}h2{break-after:avoid}}</style></head>
<body><h1>Your data at ${escapeHtml(CLUB_FULL_NAME)}</h1>
<p>Everything the club’s website stores about you and your family, as of ${escapeHtml(moment(data.exported_at))} (Edmonton time). The JSON copy on your account page holds the same, as it is stored.</p>
${sections}
</body></html>`;
}
