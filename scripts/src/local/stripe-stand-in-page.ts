/**
 * The local checkout page the Stripe stand-in serves in place of checkout.stripe.com: what is being paid,
 * to whom, a choice of test card, and Pay / Pay, settles later / Decline / Cancel as plain forms, so a person
 * (or a browser test) can finish a payment without JavaScript and without a Stripe account. A payment that
 * settles later (a bank debit) completes the checkout now and is cleared or failed afterwards from its closed
 * page.
 */
import { CLUB_TIME_ZONE } from '@club/shared';

/**
 * What a saved test card does when charged again later, off-session (an instalment): the answer Stripe's own
 * test card of that number gives then. Every one of them pays at the checkout itself.
 */
export type LaterOutcome = 'succeeds' | 'generic_decline' | 'insufficient_funds' | 'authentication_required';

export interface TestCard {
  number: string;
  last4: string;
  /** What the checkout page's list says of it. */
  label: string;
  later: LaterOutcome;
}

/** Stripe's test cards the checkout page offers, the first by default (all Visa, as Stripe's are). */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', last4: '4242', label: 'pays now and later', later: 'succeeds' },
  { number: '4000000000000341', last4: '0341', label: 'declines later', later: 'generic_decline' },
  {
    number: '4000000000009995',
    last4: '9995',
    label: 'later: insufficient funds',
    later: 'insufficient_funds',
  },
  {
    number: '4000002760003184',
    last4: '3184',
    label: 'later: needs authentication',
    later: 'authentication_required',
  },
];

/** The test card of a number the page posted; the default card when none was posted (a test's bare press). */
export function testCardOf(number: string | undefined): TestCard | null {
  if (number === undefined || number === '') return TEST_CARDS[0]!;
  return TEST_CARDS.find((card) => card.number === number.replace(/\s/g, '')) ?? null;
}

export interface CheckoutLineItem {
  name: string;
  description: string | null;
  quantity: number;
  /** Unit amount × quantity, in the currency's smallest unit. */
  amount: number;
}

export interface CheckoutView {
  clubName: string;
  sessionId: string;
  currency: string;
  amountTotal: number;
  customerEmail: string | null;
  lineItems: CheckoutLineItem[];
  expiresAt: number;
  /** Cancel is offered only when the session has somewhere to go back to, as on Stripe's page. */
  canCancel: boolean;
  declined?: boolean;
  /** A card number that is none of the test cards was posted. */
  invalidCard?: boolean;
  /** The card chosen last (kept after a decline); the first test card otherwise. */
  cardNumber?: string;
}

export type ClosedReason = 'expired' | 'complete' | 'settling' | 'settle-failed' | 'not-found';

export interface ClosedView {
  clubName: string;
  reason: ClosedReason;
  currency?: string;
  amountTotal?: number;
  /** Where "Return to …" leads: the session's success URL when paid, its cancel URL when expired. */
  returnUrl?: string | null;
  /** A settling payment's session: its page offers to clear or fail the payment. */
  sessionId?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** `5000`, `cad` → `$50.00`; the currency's own number of decimals, so a zero-decimal currency reads right. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

const STYLES = `
:root {
  color-scheme: light;
  --ink: #1a1f36;
  --muted: #5d6478;
  --line: #e3e8ee;
  --page: #f3f5f9;
  --brand: #4338ca;
  --brand-dark: #3730a3;
  --danger: #b42318;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  color: var(--ink);
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--page); }
.test-strip {
  background: #ffe7ba; color: #7a3e00; text-align: center; font-size: 0.8125rem; font-weight: 600;
  padding: 6px 12px; letter-spacing: 0.01em;
}
.wrap { display: flex; justify-content: center; padding: 32px 16px 48px; }
.card {
  width: 100%; max-width: 920px; background: #fff; border-radius: 16px;
  box-shadow: 0 1px 2px rgba(16, 24, 40, 0.06), 0 12px 32px rgba(16, 24, 40, 0.08);
  display: grid; grid-template-columns: 1fr; overflow: hidden;
}
.summary { padding: 28px 24px 24px; background: #fafbfd; border-bottom: 1px solid var(--line); }
.payment { padding: 24px; }
@media (min-width: 840px) {
  .wrap { padding-top: 64px; }
  .card { grid-template-columns: 1fr 1fr; }
  .summary { padding: 40px; border-bottom: 0; border-right: 1px solid var(--line); }
  .payment { padding: 40px; }
}
.merchant { display: flex; align-items: center; gap: 12px; margin-bottom: 28px; }
.logo {
  width: 40px; height: 40px; border-radius: 10px; background: var(--brand); color: #fff; flex: none;
  display: grid; place-items: center; font-weight: 700; font-size: 0.9375rem; letter-spacing: 0.02em;
}
.merchant-name { font-weight: 600; flex: 1; min-width: 0; }
.badge {
  background: #ffe7ba; color: #7a3e00; border-radius: 6px; padding: 2px 8px;
  font-size: 0.75rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; flex: none;
}
/* On a phone the strip above already says test mode; the club's name gets the room. */
@media (max-width: 479px) { .badge { display: none; } }
.pay-label { margin: 0; color: var(--muted); font-size: 1rem; font-weight: 500; }
.total { margin: 4px 0 24px; font-size: 2.25rem; font-weight: 700; letter-spacing: -0.02em; }
.items { list-style: none; margin: 0; padding: 0; }
.item { display: flex; justify-content: space-between; gap: 16px; padding: 14px 0; border-top: 1px solid var(--line); }
.item-name { margin: 0; font-weight: 600; }
.item-desc, .item-qty { margin: 2px 0 0; color: var(--muted); font-size: 0.875rem; }
.item-amount { margin: 0; font-weight: 600; white-space: nowrap; }
.total-row {
  display: flex; justify-content: space-between; padding-top: 14px; border-top: 1px solid var(--line);
  font-weight: 700;
}
h2 { font-size: 1rem; margin: 0 0 10px; }
.field {
  display: flex; justify-content: space-between; gap: 12px; border: 1px solid var(--line); border-radius: 10px;
  padding: 12px 14px; margin-bottom: 24px; font-size: 0.9375rem;
}
.field-label { color: var(--muted); }
.field-value { font-weight: 500; overflow-wrap: anywhere; text-align: right; }
.test-card { display: flex; align-items: center; gap: 10px; }
.card-field { position: relative; margin-bottom: 24px; }
.card-field .card-mark { position: absolute; left: 14px; top: 50%; transform: translateY(-50%); pointer-events: none; }
.card-field::after {
  content: ''; position: absolute; right: 16px; top: 50%; width: 8px; height: 8px; pointer-events: none;
  border-right: 2px solid var(--muted); border-bottom: 2px solid var(--muted); transform: translateY(-70%) rotate(45deg);
}
.card-select {
  font: inherit; font-size: 0.9375rem; color: var(--ink); width: 100%; min-height: 52px; appearance: none;
  border: 1px solid var(--line); border-radius: 10px; background: #fff; padding: 12px 40px 12px 64px; cursor: pointer;
  text-overflow: ellipsis;
}
.card-select:hover { border-color: #cfd6e0; }
.card-select:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
.field-hint { margin: -16px 0 24px; color: var(--muted); font-size: 0.8125rem; }
/* On a phone the card's behaviour gets the mark's room, so the longest choice still reads whole. */
@media (max-width: 479px) {
  .card-field .card-mark { display: none; }
  .card-select { padding-left: 14px; font-size: 0.875rem; }
}
.card-mark {
  width: 38px; height: 26px; border-radius: 5px; background: linear-gradient(135deg, #1a1f71, #4338ca); flex: none;
  color: #fff; font-size: 0.625rem; font-weight: 800; font-style: italic; letter-spacing: 0.04em;
  display: grid; place-items: center;
}
.notice {
  background: #eef2ff; border: 1px solid #c7d2fe; color: #312e81; border-radius: 10px;
  padding: 12px 14px; font-size: 0.875rem; margin: 0 0 20px;
}
.notice strong { display: block; margin-bottom: 2px; }
.alert {
  background: #fef3f2; border: 1px solid #fecdca; color: var(--danger); border-radius: 10px;
  padding: 12px 14px; font-weight: 600; margin: 0 0 16px;
}
form { margin: 0; }
button, .button {
  font: inherit; width: 100%; min-height: 52px; border-radius: 10px; cursor: pointer;
  display: inline-flex; align-items: center; justify-content: center; text-decoration: none;
  padding: 12px 20px; text-align: center;
}
.pay { background: var(--brand); color: #fff; border: 0; font-size: 1.0625rem; font-weight: 600; }
.pay:hover { background: var(--brand-dark); }
.secondary-actions { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 12px; }
.secondary-actions.single { grid-template-columns: 1fr; }
.secondary { background: #fff; color: var(--ink); border: 1px solid #cfd6e0; font-weight: 600; }
.secondary:hover { background: #f6f8fb; }
.later { margin-top: 12px; }
.settle-actions { margin: 4px 0 16px; }
.closed .button.quiet { background: #fff; color: var(--ink); border: 1px solid #cfd6e0; }
button:focus-visible, .button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
.fine { color: var(--muted); font-size: 0.8125rem; text-align: center; margin: 20px 0 0; }
.closed { max-width: 480px; padding: 40px 28px; text-align: center; display: block; }
.closed .merchant { justify-content: center; margin-bottom: 24px; }
.closed .merchant-name { flex: 0 1 auto; text-align: left; }
.status-icon {
  width: 56px; height: 56px; border-radius: 50%; display: grid; place-items: center; margin: 0 auto 16px;
  font-size: 1.75rem; font-weight: 700;
}
.status-icon.ok { background: #dcfae6; color: #067647; }
.status-icon.off { background: #f2f4f7; color: var(--muted); }
.closed h1 { font-size: 1.5rem; margin: 0 0 8px; }
.closed p { color: var(--muted); margin: 0 0 24px; }
.closed .total { color: var(--ink); margin: 0 0 12px; }
.closed .button { background: var(--brand); color: #fff; font-weight: 600; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<div class="test-strip">Test mode: local Stripe stand-in. No real card is charged.</div>
<div class="wrap">
${body}
</div>
</body>
</html>
`;
}

function merchant(clubName: string, withBadge: boolean): string {
  return `<div class="merchant">
  <span class="logo" aria-hidden="true">${escapeHtml(initials(clubName))}</span>
  <span class="merchant-name">${escapeHtml(clubName)}</span>
  ${withBadge ? '<span class="badge">Test mode</span>' : ''}
</div>`;
}

function expiryTime(expiresAt: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: CLUB_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(expiresAt * 1000));
}

/** The open session's page; after a decline it says so, as Stripe's page does, and stays payable. */
export function renderCheckoutPage(view: CheckoutView): string {
  const total = formatAmount(view.amountTotal, view.currency);
  const action = (name: string) => `/checkout/${encodeURIComponent(view.sessionId)}/${name}`;
  const items = view.lineItems
    .map(
      (item) => `<li class="item">
  <div>
    <p class="item-name">${escapeHtml(item.name)}</p>
    ${item.description ? `<p class="item-desc">${escapeHtml(item.description)}</p>` : ''}
    ${item.quantity > 1 ? `<p class="item-qty">Qty ${item.quantity}</p>` : ''}
  </div>
  <p class="item-amount">${formatAmount(item.amount, view.currency)}</p>
</li>`,
    )
    .join('\n');
  const chosen = testCardOf(view.cardNumber) ?? TEST_CARDS[0]!;
  const cards = TEST_CARDS.map(
    (card) =>
      `      <option value="${card.number}"${card === chosen ? ' selected' : ''}>${card.last4} · ${escapeHtml(card.label)}</option>`,
  ).join('\n');
  return layout(
    `Pay ${view.clubName}`,
    `<main class="card">
<section class="summary" aria-label="Order summary">
  ${merchant(view.clubName, true)}
  <h1 class="pay-label">Pay ${escapeHtml(view.clubName)}</h1>
  <p class="total">${total}</p>
  <ul class="items">
${items}
  </ul>
  <div class="total-row"><span>Total due</span><span>${total}</span></div>
</section>
<section class="payment" aria-label="Payment">
  ${
    view.customerEmail
      ? `<h2>Contact information</h2>
  <div class="field"><span class="field-label">Email</span><span class="field-value">${escapeHtml(view.customerEmail)}</span></div>`
      : ''
  }
  <div class="notice" role="note">
    <strong>This is the local test checkout.</strong>
    No real card is charged. Pay completes the payment and notifies the club's server, as Stripe would;
    Pay, settles later completes the checkout with the money still to arrive (as a bank debit does), and
    its page then clears or fails the payment; Decline shows a card decline; Cancel goes back to the site.
  </div>
  ${view.declined ? '<p class="alert" role="alert">Your card was declined. Try another card.</p>' : ''}
  ${view.invalidCard ? '<p class="alert" role="alert">Your card number is invalid. Choose one of the test cards.</p>' : ''}
  <form method="post" action="${action('pay')}">
  <h2><label for="card">Test card</label></h2>
  <div class="card-field">
    <span class="card-mark" aria-hidden="true">VISA</span>
    <select class="card-select" id="card" name="card" aria-describedby="card-hint">
${cards}
    </select>
  </div>
  <p class="field-hint" id="card-hint">Every test card pays now. After each number: what it does when the club charges it again later (an instalment).</p>
  <button class="pay" type="submit">Pay ${total}</button>
  <button class="secondary later" type="submit" formaction="${action('pay-later')}">Pay, settles later</button>
  <div class="secondary-actions${view.canCancel ? '' : ' single'}">
    <button class="secondary" type="submit" formaction="${action('decline')}">Decline</button>
    ${view.canCancel ? `<button class="secondary" type="submit" formaction="${action('cancel')}">Cancel</button>` : ''}
  </div>
  </form>
  <p class="fine">Expires ${escapeHtml(expiryTime(view.expiresAt))} (Edmonton time)</p>
</section>
</main>`,
  );
}

const CLOSED_TEXT: Record<ClosedReason, { title: string; icon: string; iconClass: string; text: string }> = {
  complete: {
    title: 'Payment complete',
    icon: '✓',
    iconClass: 'ok',
    text: 'Your payment was received. This was a test payment: no real card was charged.',
  },
  expired: {
    title: 'This checkout has expired',
    icon: '!',
    iconClass: 'off',
    text: 'This payment link is no longer valid and nothing was charged. Start again from the club’s site.',
  },
  settling: {
    title: 'Payment on its way',
    icon: '…',
    iconClass: 'ok',
    text: 'The checkout is complete and the payment will settle later, as a bank debit does. Choose how it ends: the club’s server is told, as Stripe would tell it.',
  },
  'settle-failed': {
    title: 'Payment failed',
    icon: '!',
    iconClass: 'off',
    text: 'The payment that was settling did not go through. Nothing was charged. The club’s site lets you pay again.',
  },
  'not-found': {
    title: 'Checkout not found',
    icon: '?',
    iconClass: 'off',
    text: 'There is no checkout at this address. It may have been started before the local stack restarted.',
  },
};

/** A session that can no longer be paid: paid already, expired, or unknown. */
export function renderClosedPage(view: ClosedView): string {
  const text = CLOSED_TEXT[view.reason];
  const amount =
    (view.reason === 'complete' || view.reason === 'settling') &&
    view.currency &&
    view.amountTotal !== undefined
      ? `<p class="total">${formatAmount(view.amountTotal, view.currency)}</p>`
      : '';
  // While a payment is settling, clearing or failing it is the page's point: the way back is the quiet one.
  const back = view.returnUrl
    ? `<a class="button${view.reason === 'settling' ? ' quiet' : ''}" href="${escapeHtml(view.returnUrl)}">Return to the club’s site</a>`
    : '';
  const settle =
    view.reason === 'settling' && view.sessionId
      ? `<div class="secondary-actions settle-actions">
    <form method="post" action="/checkout/${encodeURIComponent(view.sessionId)}/settle"><button class="pay" type="submit">Payment clears</button></form>
    <form method="post" action="/checkout/${encodeURIComponent(view.sessionId)}/settle-fail"><button class="secondary" type="submit">Payment fails</button></form>
  </div>`
      : '';
  return layout(
    text.title,
    `<main class="card closed">
  ${merchant(view.clubName, false)}
  <div class="status-icon ${text.iconClass}" aria-hidden="true">${text.icon}</div>
  <h1>${text.title}</h1>
  ${amount}
  <p>${text.text}</p>
  ${settle}
  ${back}
</main>`,
  );
}
