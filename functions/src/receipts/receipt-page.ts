/**
 * A paid registration's receipt (issue 15): one self-contained, printable HTML page (its styles inline, no
 * script, no outside resource), so it opens and prints the same from the downloads folder years later. Every
 * value is escaped; amounts and dates are the server's.
 */
import { CLUB_TIME_ZONE, formatCad, type PaymentMethod, type RefundRecord } from '@club/shared';

export const CLUB_NAME = 'Edmonton Summit Basketball Club';

export interface ReceiptInput {
  receiptNumber: string;
  playerName: string;
  seasonName: string;
  ageGroup: string;
  tryoutNumber: number;
  amountCents: number;
  method: PaymentMethod;
  paidAt: string;
  refunds: readonly RefundRecord[];
  siteUrl: string;
  issuedAt: Date;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function day(iso: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }).format(
    new Date(iso),
  );
}

const STYLE = `
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c2433;margin:0;background:#fff7ed}
main{max-width:40rem;margin:2rem auto;padding:2rem;background:#fff;border-top:6px solid #f97316;border-radius:14px;box-shadow:0 8px 24px rgb(11 31 58/.08)}
h1{margin:0 0 .25rem;color:#0b1f3a;font-size:1.6rem}
.club{margin:0;color:#4a5568;font-weight:600}
dl{display:grid;grid-template-columns:minmax(0,40%) 1fr;margin:1.5rem 0;border-top:1px solid #eadccb}
dt,dd{margin:0;padding:.55rem 0;border-bottom:1px solid #eadccb}
dt{color:#4a5568;font-weight:600}
dd{font-weight:700;color:#0b1f3a}
table{width:100%;border-collapse:collapse;margin:.5rem 0 1rem}
th,td{text-align:left;padding:.45rem .3rem;border-bottom:1px solid #eadccb}
th{color:#4a5568;font-size:.9rem}
.total{font-size:1.1rem}
.note{color:#4a5568;font-size:.9rem}
@media print{body{background:#fff}main{box-shadow:none;margin:0;border-radius:0}}
`;

export function receiptPage(input: ReceiptInput): string {
  const method = input.method === 'stripe' ? 'Card' : 'Cash';
  const refunded = input.refunds
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount_cents, 0);
  const rows: Array<[string, string]> = [
    ['Receipt number', input.receiptNumber],
    ['Player', input.playerName],
    ['Season', input.seasonName],
    ['Age group', input.ageGroup],
    ['Tryout number', String(input.tryoutNumber)],
    ['Tryout fee paid', `${formatCad(input.amountCents)} CAD`],
    ['Method', method],
    ['Date paid', day(input.paidAt)],
  ];
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
    '<h1>Tryout fee receipt</h1>',
    '<dl>',
    ...rows.map(
      ([term, value]) =>
        `<div style="display:contents"><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`,
    ),
    '</dl>',
    ...(input.refunds.length
      ? [
          '<h2>Refunds</h2>',
          '<table><thead><tr><th scope="col">Date</th><th scope="col">Reason</th><th scope="col">Amount</th></tr></thead>',
          `<tbody>${refundRows}</tbody></table>`,
          `<p class="total"><strong>Net paid: ${escapeHtml(formatCad(input.amountCents - refunded))} CAD</strong></p>`,
        ]
      : []),
    `<p class="note">Issued ${escapeHtml(day(input.issuedAt))}. Amounts in Canadian dollars. ` +
      `Questions: ${escapeHtml(`${input.siteUrl}/contact`)}</p>`,
    '</main></body></html>',
  ].join('\n');
}
