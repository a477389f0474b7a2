/**
 * The team fee (issue 45 §4, §5), in Chromium against its own local stack: an adult player accepts a place
 * on a team with a $350.00 fee; the dashboard says "To pay" with Pay by card and the cash option; they pay on
 * the Stripe stand-in's page and the dashboard says it is paid; they give the place up after reading the
 * club's refund policy and the team's alternate is offered it; the admin's offers board shows the team, at
 * 390 and 1280 px wide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, openPage, useOwnStack } from './harness';
import { api, login, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.TEAM_FEE_SHOTS;
const REFUND_POLICY = 'Team fees are refunded in full until December 15, and half after that.';

/** An adult player (born 2008: 18U Boys of a season counted from 2026) registered for cash. */
async function registeredAdult(name: string, dateOfBirth: string) {
  const account = await verifiedPlayer(name, { dateOfBirth });
  const session = await login(account.email, account.password);
  const res = await api(session.token, 'POST', '/tryouts/register', {
    payment_method: 'cash',
    age_group: '18U Boys',
  });
  expect(res.status).toBe(201);
  return { ...account, ...session, tryoutId: `${seasonId}.${session.userId}` };
}

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-team-fee');
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
    refund_policy: REFUND_POLICY,
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

describe('the team fee', () => {
  it('is to pay, paid by card, and the place given up goes to the alternate; the board shows it', async () => {
    // Prepare: a team of one place with a $350.00 fee, its placed player and one alternate, offers out, and
    // the placed player's acceptance.
    const family = await registeredAdult('Jordan', '2008-01-15');
    const alternate = await registeredAdult('Riley', '2008-02-20');
    const team = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/teams`, {
      name: 'Sabres 18U Black',
      age_group: '18U Boys',
      capacity: 1,
      fee_cents: 35_000,
      coach_name: 'Jordan Coach',
    });
    expect(team.status).toBe(201);
    const teamId = String(team.body.id);
    const placed = await api(adminToken, 'PUT', `/admin/teams/${teamId}/placements`, {
      tryout_ids: [family.tryoutId],
    });
    expect(placed.status).toBe(200);
    const alternates = await api(adminToken, 'PUT', `/admin/teams/${teamId}/alternates`, {
      tryout_ids: [alternate.tryoutId],
    });
    expect(alternates.status).toBe(200);
    expect((await api(adminToken, 'POST', `/admin/seasons/${seasonId}/offers/publish`, {})).status).toBe(200);
    const offerId = family.tryoutId;
    const accepted = await api(family.token, 'POST', `/offers/${offerId}/accept`, {
      waiver_name: 'Jordan Tester',
    });
    expect(accepted.status).toBe(200);

    // Act and assess: the dashboard says what is to pay, on a phone.
    const phone = await openPage({ viewport: PHONE });
    const { page } = phone;
    await signIn(page, family.email, family.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByText('To pay: $350.00 team fee').first().waitFor();
    await page.getByText('or pay cash to the club').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-to-pay-390.png`, fullPage: true });

    // Paying by card on the stand-in's page brings the family back to a paid fee.
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByText('Team fee paid: $350.00').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Download team fee receipt' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-paid-390.png`, fullPage: true });

    // Giving the place up shows the club's refund policy first.
    await page.getByRole('button', { name: 'Give up this place' }).click();
    await page.getByText(REFUND_POLICY).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-give-up-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Yes, give up the place' }).click();
    await page.getByRole('button', { name: 'Yes, give up the place' }).waitFor({ state: 'detached' });
    await page
      .getByRole('heading', { name: 'Your place on Sabres 18U Black' })
      .waitFor({ state: 'detached' });
    expect(phone.consoleErrors).toEqual([]);
    await phone.close();

    const altOffer = await api(alternate.token, 'GET', '/tryouts/my');
    expect((altOffer.body.offer as { state?: string } | undefined)?.state).toBe('offered');

    // The admin's offers board, on a desktop and on a phone.
    for (const [name, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const admin = await openPage({ viewport });
      await signIn(admin.page, adminCredentials().email, adminCredentials().password);
      await admin.page.waitForURL(/\/admin/);
      await admin.page.getByText('Offers board').click();
      const card = admin.page.getByRole('region', { name: 'Sabres 18U Black' });
      await card.waitFor();
      await card.getByText('Fees collected').waitFor();
      await expect(card.getByText('$350.00').count()).resolves.toBeGreaterThan(0);
      await card.getByText('Withdrew after accepting').waitFor();
      if (SHOTS) {
        await card.scrollIntoViewIfNeeded();
        await admin.page.screenshot({ path: `${SHOTS}/offers-board-${name}.png`, fullPage: true });
      }
      expect(admin.consoleErrors).toEqual([]);
      await admin.close();
    }
  }, 240_000);
});
