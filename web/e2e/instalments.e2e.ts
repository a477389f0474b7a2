/**
 * A team fee in three instalments (issue 46 §1), in Chromium against its own local stack: a $350.00 fee in
 * three ($116.67, $116.67, $116.66) with two due dates ahead. The family accepts the offer, pays the first
 * instalment on the Stripe stand-in's page with the test card that pays now and declines later; the instalment
 * sweep, run with its clock at the second due date, is declined: the dashboard and the admin's offers board
 * say so and the family's mail has the link; the family pays it from the link with a good card, and the
 * sweep on the third date charges the third. At 390 and 1280 px wide.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { runInstalmentSweep } from '@club/functions/services/money/instalment-sweep';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, checkA11y, inbox, openPage, useOwnStack } from './harness';
import { api, login, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.INSTALMENT_SHOTS;
const TEAM = 'Sabres 18U Black';
/** Stripe's test cards as the stand-in's page offers them. */
const DECLINES_LATER = '4000000000000341';
const GOOD_CARD = '4242424242424242';

/** The club's day `days` after today (`YYYY-MM-DD`). */
function daysAhead(days: number): string {
  const [y, m, d] = todayInClubZone().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** 10:00 a.m. in Edmonton on a day (17:00 UTC in winter, 16:00 in summer: either is that day there). */
const morningOf = (day: string) => new Date(`${day}T17:00:00.000Z`);

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-instalments');
  useOwnStack(stack);
  adminToken = (await login(adminCredentials().email, adminCredentials().password)).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', {
    name: 'Fall 2026 Tryouts',
    reference_year: 2026,
  });
  expect(season.status).toBe(201);
  seasonId = String(season.body.id);
  const settings = await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}`, {
    offers: { enabled: true, respond_within_hours: 48 },
  });
  expect(settings.status).toBe(200);
  expect(
    (await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}/registration`, { open: true })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  useOwnStack(undefined);
  await stack?.stop();
});

/** Pays on the stand-in's checkout page with a test card, and waits to be back on the dashboard. */
async function payOnStandIn(page: Page, card: string, amount: string) {
  await page.waitForURL(/\/checkout\//);
  await page.getByText(amount).first().waitFor();
  await page.getByLabel('Test card').selectOption(card);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/dashboard/);
}

/**
 * Back from checkout, the dashboard shows the payment once it is recorded: by the return's own confirmation,
 * or else by Stripe's webhook, which the record loaded next shows (spec §7), as a family's reload would.
 */
async function shownAfterReturn(page: Page, text: string) {
  try {
    await page.getByText(text).waitFor({ timeout: 10_000 });
  } catch {
    await page.reload();
    await page.getByText(text).waitFor({ timeout: 20_000 });
  }
}

/** With INSTALMENT_SHOTS set, the screen around `where` (scrolled to the middle) is saved under that name. */
async function shot(page: Page, where: Locator, name: string) {
  if (!SHOTS) return;
  await where.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const planLine = (page: Page, n: number) =>
  page
    .getByRole('list', { name: 'Your team fee instalments' })
    .getByRole('listitem')
    .filter({ hasText: `Instalment ${n} of 3` });

async function instalmentsOf(token: string) {
  const my = await api(token, 'GET', '/tryouts/my');
  expect(my.status).toBe(200);
  const offer = my.body.offer as { fee_state: string; instalments: { n: number; state: string }[] };
  return { fee_state: offer.fee_state, states: offer.instalments.map((i) => i.state) };
}

describe('a team fee in instalments', () => {
  it('pays the first at acceptance, the second by the family’s link after a decline, and the third on its date', async () => {
    // Prepare: an adult player (born 2008: 18U Boys), a team of one place with a $350.00 fee in three.
    const second = daysAhead(14);
    const third = daysAhead(45);
    const account = await verifiedPlayer('Jordan', { dateOfBirth: '2008-01-15' });
    const family = { ...account, ...(await login(account.email, account.password)) };
    const registered = await api(family.token, 'POST', '/tryouts/register', {
      payment_method: 'cash',
      age_group: '18U Boys',
    });
    expect(registered.status).toBe(201);
    const team = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/teams`, {
      name: TEAM,
      age_group: '18U Boys',
      capacity: 1,
      fee_cents: 35_000,
      coach_name: 'Jordan Coach',
      cash_accepted: false,
      instalment_due_dates: [second, third],
      instalment_retries: 1,
    });
    expect(team.status).toBe(201);
    const teamId = String(team.body.id);
    const offerId = `${seasonId}.${family.userId}`;
    expect(
      (await api(adminToken, 'PUT', `/admin/teams/${teamId}/placements`, { tryout_ids: [offerId] })).status,
    ).toBe(200);
    expect((await api(adminToken, 'POST', `/admin/seasons/${seasonId}/offers/publish`, {})).status).toBe(200);

    // The admin's team form says the plan back, on a desktop and a phone.
    for (const [name, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const admin = await openPage({ viewport });
      await signIn(admin.page, adminCredentials().email, adminCredentials().password);
      await admin.page.waitForURL(/\/admin/);
      await admin.page.getByText('Teams: placements, alternates and rosters').click();
      const card = admin.page.getByRole('article', { name: TEAM });
      await card.getByText(/fee \$350\.00 in 3 instalments/).waitFor();
      await card.getByRole('button', { name: 'Edit team' }).click();
      expect(await card.getByLabel('Pay in instalments').inputValue()).toBe('3');
      expect(await card.getByLabel('Instalment 2 due').inputValue()).toBe(second);
      expect(await card.getByLabel('Instalment 3 due').inputValue()).toBe(third);
      await shot(admin.page, card.getByRole('group', { name: 'Payment plan' }), `team-form-${name}`);
      await checkA11y(admin.page);
      expect(admin.consoleErrors).toEqual([]);
      await admin.close();
    }

    // 1. The offer shows the plan; the family accepts and pays the first instalment with the card that pays
    // now and declines later.
    const phone = await openPage({ viewport: PHONE });
    const { page } = phone;
    await signIn(page, family.email, family.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('heading', { name: `Offer: a place on ${TEAM}` }).waitFor();
    await page.getByText('Team fee: $350.00, paid in 3 instalments').waitFor();
    await page.getByRole('list', { name: 'The team fee’s instalments' }).getByText('$116.66').waitFor();
    await shot(page, page.getByRole('list', { name: 'The team fee’s instalments' }), 'offer-plan-390');
    await page.getByLabel('Type your full name to accept the waiver').fill('Jordan Tester');
    await page.getByRole('button', { name: 'Accept the place' }).click();
    await page.getByText('To pay: $350.00 team fee, in 3 instalments').waitFor();
    await shot(page, page.getByRole('list', { name: 'Your team fee instalments' }), 'first-to-pay-390');
    await page.getByRole('button', { name: 'Pay first instalment ($116.67)' }).click();
    await payOnStandIn(page, DECLINES_LATER, '$116.67');
    await shownAfterReturn(page, 'Team fee: 1 of 3 instalments paid');
    await planLine(page, 2).getByText('Scheduled: charged to your card that day').waitFor();
    expect(await instalmentsOf(family.token)).toEqual({
      fee_state: 'on_plan',
      states: ['paid', 'scheduled', 'scheduled'],
    });

    // 2. The sweep on the second's date: the saved card is declined.
    await runInstalmentSweep(morningOf(second));
    expect(await instalmentsOf(family.token)).toEqual({
      fee_state: 'on_plan',
      states: ['paid', 'declined', 'scheduled'],
    });
    // Run again the same day: tried once a day at most, so nothing changes.
    await runInstalmentSweep(morningOf(second));
    const afterAgain = await api(family.token, 'GET', '/tryouts/my');
    const declined = (afterAgain.body.offer as { instalments: { n: number; attempts: number }[] })
      .instalments[1]!;
    expect(declined.attempts).toBe(1);

    // The family's mail has a link to pay it.
    const link = await mailLink(family.email);
    await page.reload();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Instalment 2 could not be charged to your card.' })
      .waitFor();
    await planLine(page, 2)
      .getByText(/^Declined: /)
      .waitFor();
    await shot(page, planLine(page, 2), 'declined-390');
    await checkA11y(page);

    // The admin's board row says it, on a desktop and a phone.
    for (const [name, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const admin = await openPage({ viewport });
      await signIn(admin.page, adminCredentials().email, adminCredentials().password);
      await admin.page.waitForURL(/\/admin/);
      await admin.page.getByText('Offers board').click();
      const card = admin.page.getByRole('region', { name: TEAM });
      await card.getByText('Instalment 2 declined').waitFor();
      await card.getByText('On a plan: $116.67 of $350.00 paid (1 of 3 instalments)').waitFor();
      await shot(
        admin.page,
        card.getByRole('list', { name: 'Jordan Tester: team fee instalments' }),
        `offers-board-declined-${name}`,
      );
      await checkA11y(admin.page);
      expect(admin.consoleErrors).toEqual([]);
      await admin.close();
    }

    // 3. The family follows the mail's link and pays the second with a good card.
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await planLine(page, 2).getByRole('button', { name: 'Pay now Instalment 2 of 3' }).click();
    await payOnStandIn(page, GOOD_CARD, '$116.67');
    await shownAfterReturn(page, 'Team fee: 2 of 3 instalments paid');
    expect(await page.getByRole('button', { name: /^Pay now/ }).count()).toBe(0);
    await shot(page, planLine(page, 3), 'second-paid-390');

    // 4. The sweep on the third's date charges the card saved with the second: the fee is paid.
    await runInstalmentSweep(morningOf(third));
    expect(await instalmentsOf(family.token)).toEqual({
      fee_state: 'paid',
      states: ['paid', 'paid', 'paid'],
    });
    await page.reload();
    await page.getByText('Team fee paid: $350.00').waitFor();
    await planLine(page, 3)
      .getByText(/^Paid /)
      .waitFor();
    await shot(page, planLine(page, 3), 'all-paid-390');
    expect(phone.consoleErrors).toEqual([]);
    await phone.close();

    const desk = await openPage({ viewport: DESKTOP });
    await signIn(desk.page, family.email, family.password);
    await desk.page.waitForURL(/\/dashboard/);
    await desk.page.getByText('Team fee paid: $350.00').waitFor();
    await shot(desk.page, planLine(desk.page, 3), 'all-paid-1280');
    expect(desk.consoleErrors).toEqual([]);
    await desk.close();
  }, 300_000);
});

/** The link of the newest mail to the address that names instalment 2 of the team's fee. */
async function mailLink(address: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = (await inbox(address))
      .filter((m) => /^Instalment 2 of 3 of your Sabres 18U Black team fee was declined$/.test(m.subject))
      .at(-1);
    const link = mail?.body.text?.match(/https?:\/\/\S+/g)?.find((url) => url.includes('/dashboard'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No instalment mail with a dashboard link reached ${address}`);
}
