/**
 * A paid registration's receipt (issue 15): one self-contained, printable HTML page (its styles inline, no
 * script, no outside resource), so it opens and prints the same from the downloads folder years later. Every
 * value is escaped; amounts and dates are the server's.
 */
import { CLUB_TIME_ZONE, formatCad, type PaymentMethod, type RefundRecord } from '@club/shared';

export const CLUB_NAME = 'Edmonton Summit Basketball Club';
/** Where the club is, as its receipts say (the club has no office address of its own). */
export const CLUB_ADDRESS = 'Edmonton, Alberta, Canada';

/** One registration a payment paid for: the receipt's line. */
export interface ReceiptLine {
  athleteName: string;
  ageGroup: string;
  tryoutNumber: number;
  amountCents: number;
  /** The registration's check-in code (issue 37): its QR code is printed to show at the door. */
  checkinCode?: string | undefined;
  /** What else the line paid for (issue 45: a team fee names its team), shown instead of the tryout number. */
  team?: string | undefined;
}

/**
 * One receipt per payment (issue 36): a family's card payment for several children is one receipt with a line
 * each; a cash payment (collected per registration) is its own.
 */
export interface ReceiptInput {
  /** The receipt's heading; a tryout fee's by default (issue 45: "Team fee receipt"). */
  title?: string;
  receiptNumber: string;
  /** Who paid: the account that registered. */
  payerName: string;
  seasonName: string;
  lines: readonly ReceiptLine[];
  method: PaymentMethod;
  /** The card's brand and last 4 digits, when Stripe said. */
  card?: { brand: string; last4: string } | undefined;
  /** Stripe's payment id (card payments). */
  paymentId?: string | undefined;
  paidAt: string;
  refunds: readonly RefundRecord[];
  siteUrl: string;
  issuedAt: Date;
  /** The address of a check-in code's QR image (issue 37). */
  qrUrl?: (code: string) => string;
}

/** "Visa ending 4242", "Card", "Cash". */
export function methodText(method: PaymentMethod, card?: { brand: string; last4: string }): string {
  if (method === 'cash') return 'Cash';
  if (method === 'etransfer') return 'Interac e-Transfer';
  if (!card) return 'Card';
  const brand =
    card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending ${card.last4}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function day(iso: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }).format(
    new Date(iso),
  );
}

const STYLE = `
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c2433;margin:0;background:#fff7ed}
main{max-width:40rem;margin:2rem auto;padding:2rem;background:#fff;border-top:6px solid #f97316;border-radius:14px;box-shadow:0 8px 24px rgb(11 31 58/.08)}
h1{margin:0 0 .25rem;color:#0b1f3a;font-size:1.6rem}
.club{margin:0;color:#4a5568;font-weight:600}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);margin:1.5rem 0;border-top:1px solid #eadccb}
dt,dd{margin:0;padding:.55rem 0;border-bottom:1px solid #eadccb}
dt{color:#4a5568;font-weight:600;white-space:nowrap;padding-right:1rem}
dd{font-weight:700;color:#0b1f3a;min-width:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin:.5rem 0 1rem}
th,td{text-align:left;padding:.45rem .3rem;border-bottom:1px solid #eadccb}
th{color:#4a5568;font-size:.9rem}
.total{font-size:1.1rem}
.note{color:#4a5568;font-size:.9rem}
@media (max-width:30rem){main{margin:0;padding:1.25rem 1rem;border-radius:0}}
@media print{body{background:#fff}main{box-shadow:none;margin:0;border-radius:0}}
`;

/** What a receipt says, in both its forms (the page and the PDF): the facts, the total, the net. */
export function receiptFacts(input: ReceiptInput) {
  const total = input.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const refunded = input.refunds
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount_cents, 0);
  const rows: Array<[string, string]> = [
    ['Receipt number', input.receiptNumber],
    ['Paid by', input.payerName],
    ['Season', input.seasonName],
    ['Total paid', `${formatCad(total)} CAD`],
    ['Method', methodText(input.method, input.card)],
    ...(input.paymentId ? ([['Payment id', input.paymentId]] as Array<[string, string]>) : []),
    ['Date paid', day(input.paidAt)],
  ];
  return { rows, total, net: total - refunded };
}

/** Each line's check-in QR code (issue 37), to show at the door from a printout or a phone. */
function checkinSection(input: ReceiptInput): string[] {
  const coded = input.lines.filter((line) => line.checkinCode);
  if (!coded.length || !input.qrUrl) return [];
  return [
    '<h2>Check-in at tryouts</h2>',
    '<p class="note">Show the code at the door: the volunteer scans it to check the athlete in.</p>',
    ...coded.map(
      (line) =>
        `<p><img src="${escapeHtml(input.qrUrl!(line.checkinCode!))}" width="140" height="140" alt="${escapeHtml(
          `${line.athleteName}’s check-in code, #${line.tryoutNumber}`,
        )}"><br>${escapeHtml(line.athleteName)}, #${line.tryoutNumber}</p>`,
    ),
  ];
}

export function receiptPage(input: ReceiptInput): string {
  const { rows, net } = receiptFacts(input);
  const lineRows = input.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.athleteName)}</td><td>${escapeHtml(line.ageGroup)}</td>` +
        `<td>${line.team === undefined ? `#${line.tryoutNumber}` : escapeHtml(line.team)}</td>` +
        `<td>${escapeHtml(formatCad(line.amountCents))}</td></tr>`,
    )
    .join('');
  const refundRows = input.refunds
    .map(
      (r) =>
        `<tr><td>${escapeHtml(day(r.created_at))}</td><td>${escapeHtml(r.reason)}</td>` +
        `<td>${escapeHtml(formatCad(r.amount_cents))}${r.status === 'pending' ? ' (in progress)' : ''}</td></tr>`,
    )
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Receipt ${escapeHtml(input.receiptNumber)}: ${escapeHtml(CLUB_NAME)}</title>`,
    `<style>${STYLE}</style></head><body><main>`,
    `<p class="club">${escapeHtml(CLUB_NAME)}</p>`,
    `<p class="note">${escapeHtml(CLUB_ADDRESS)} · ${escapeHtml(input.siteUrl.replace(/^https?:\/\//, ''))}</p>`,
    `<h1>${escapeHtml(input.title ?? 'Tryout fee receipt')}</h1>`,
    '<dl>',
    ...rows.map(
      ([term, value]) =>
        `<div style="display:contents"><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`,
    ),
    '</dl>',
    '<h2>Paid for</h2>',
    `<table><thead><tr><th scope="col">Athlete</th><th scope="col">Age group</th><th scope="col">${
      input.lines.some((line) => line.team !== undefined) ? 'Team' : 'Tryout'
    }</th><th scope="col">Amount</th></tr></thead>`,
    `<tbody>${lineRows}</tbody></table>`,
    ...(input.refunds.length
      ? [
          '<h2>Refunds</h2>',
          '<table><thead><tr><th scope="col">Date</th><th scope="col">Reason</th><th scope="col">Amount</th></tr></thead>',
          `<tbody>${refundRows}</tbody></table>`,
          `<p class="total"><strong>Net paid: ${escapeHtml(formatCad(net))} CAD</strong></p>`,
        ]
      : []),
    ...checkinSection(input),
    `<p class="note">Issued ${escapeHtml(day(input.issuedAt))}. Amounts in Canadian dollars. ` +
      `Questions: ${escapeHtml(`${input.siteUrl}/contact`)}</p>`,
    '</main></body></html>',
  ].join('\n');
}
