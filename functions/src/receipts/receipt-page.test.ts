/**
 * The HTML receipt read on a phone (issue 42): each fact's label and its value side by side, never printed
 * over each other, however long the receipt number, the payer's name or Stripe's payment id. Laid out by
 * Chromium, at a phone's 390 px and a desktop's 1280 px.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptPage } from './receipt-page';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
});
afterAll(async () => {
  await browser.close();
});

/** A family's card payment for two children, with a refund: every row the receipt can have. */
const page = receiptPage({
  receiptNumber: 'R-2025-0001-7f3a9c2e4b1d',
  payerName: 'Jordan Okafor-Whitehorse',
  seasonName: 'Fall 2025 Tryouts',
  lines: [
    { athleteName: 'Mina Okafor', ageGroup: '15U Girls', tryoutNumber: 1, amountCents: 4500 },
    { athleteName: 'Leo Okafor', ageGroup: '13U Boys', tryoutNumber: 2, amountCents: 3000 },
  ],
  method: 'stripe',
  card: { brand: 'visa', last4: '4242' },
  paymentId: 'pi_3QxYzAbCdEfGhIjK0a1b2c3d',
  paidAt: '2025-08-20T18:00:00Z',
  refunds: [
    {
      key: 're_1',
      amount_cents: 3000,
      method: 'stripe',
      status: 'succeeded',
      reason: 'Withdrawn before tryouts',
      created_at: '2025-08-25T18:00:00Z',
    },
  ],
  siteUrl: 'https://summitbasketball.example',
  issuedAt: new Date('2025-09-01T12:00:00Z'),
});

interface Layout {
  pageWidth: number;
  facts: Array<{
    label: string;
    value: string;
    sameRow: boolean;
    apart: boolean;
    labelFits: boolean;
    valueFits: boolean;
  }>;
}

/** Measured in the page (as a script: the functions project has no DOM types). */
const MEASURE = `({
  pageWidth: document.documentElement.scrollWidth,
  facts: Array.from(document.querySelectorAll('dt')).map((dt) => {
    const dd = dt.nextElementSibling;
    const label = dt.getBoundingClientRect();
    const value = dd.getBoundingClientRect();
    return {
      label: dt.textContent,
      value: dd.textContent,
      sameRow: Math.abs(label.top - value.top) < 1,
      apart: label.right <= value.left,
      labelFits: dt.scrollWidth <= dt.clientWidth,
      valueFits: dd.scrollWidth <= dd.clientWidth,
    };
  }),
})`;

describe('the HTML receipt laid out', () => {
  it.each([390, 1280])('at %i px: every label beside its value, nothing overflowing', async (width) => {
    // Prepare
    const tab = await browser.newPage({ viewport: { width, height: 900 } });

    // Act
    await tab.setContent(page);
    const layout = await tab.evaluate<Layout>(MEASURE);
    await tab.close();

    // Assess
    expect(layout.pageWidth).toBeLessThanOrEqual(width);
    expect(layout.facts.map((f) => f.label)).toEqual([
      'Receipt number',
      'Paid by',
      'Season',
      'Total paid',
      'Method',
      'Payment id',
      'Date paid',
    ]);
    for (const fact of layout.facts) {
      expect(fact).toEqual({
        label: fact.label,
        value: fact.value,
        sameRow: true,
        apart: true,
        labelFits: true,
        valueFits: true,
      });
    }
  });
});
