/**
 * From tryout to team (issue 45), one season in Chromium against its own local stack: 18U Boys takes two
 * players; the third to register is waitlisted and, when the first withdraws, takes the spot held for them.
 * A team of two (Ben, Cal) with one alternate (Dee); offers are published; Ben accepts and pays by card,
 * Cal declines and Dee, the alternate, is offered the place and accepts. The roster has Ben and Dee, and the
 * team's coach sees exactly them on a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, inbox, openPage, useOwnStack } from './harness';
import { api, linkFromMail, login, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.TEAM_JOURNEY_SHOTS;

/** An adult player (18U Boys of a season counted from 2026), signed in through the API. */
async function adult(name: string, dateOfBirth: string) {
  const account = await verifiedPlayer(name, { dateOfBirth });
  const session = await login(account.email, account.password);
  return { name, ...account, ...session, tryoutId: `${seasonId}.${session.userId}` };
}
type Adult = Awaited<ReturnType<typeof adult>>;

async function registerByApi(player: Adult) {
  return api(player.token, 'POST', '/tryouts/register', { payment_method: 'cash', age_group: '18U Boys' });
}

async function phoneOf(player: Adult) {
  const opened = await openPage({ viewport: PHONE });
  await signIn(opened.page, player.email, player.password);
  await opened.page.waitForURL(/\/dashboard/);
  return opened;
}

/** The /tryout form, as the family fills it in: cash, 18U Boys. */
async function registerInBrowser(page: Page) {
  await page.goto('/tryout');
  await page.getByRole('radio', { name: 'Cash (pay on tryout day)' }).check();
  await page.getByLabel('Age group', { exact: true }).selectOption('18U Boys');
  await page.getByRole('button', { name: 'Register for Tryouts' }).click();
  await page.waitForURL(/\/dashboard/);
}

const numberOf = async (player: Adult) =>
  (await api(player.token, 'GET', '/tryouts/my')).body.tryout_number as number | null;

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-tryout-to-team');
  useOwnStack(stack);
  adminToken = (await login(adminCredentials().email, adminCredentials().password)).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', {
    name: 'Fall 2026 Tryouts',
    reference_year: 2026,
  });
  expect(season.status).toBe(201);
  seasonId = String(season.body.id);
  const settings = await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}`, {
    capacities: { '18U Boys': 2 },
    spot_hold_hours: 24,
    offers: { enabled: true, respond_within_hours: 48, auto_offer_alternates: true },
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

describe('from tryout to team', () => {
  it('waitlists the third of two spots and gives them the spot a withdrawal frees; offers, answers, fee, roster, coach', async () => {
    const ann = await adult('Ann', '2008-01-10');
    const ben = await adult('Ben', '2008-02-11');
    const cal = await adult('Cal', '2008-03-12');
    const dee = await adult('Dee', '2008-04-13');
    expect((await registerByApi(ann)).status).toBe(201);
    expect((await registerByApi(ben)).status).toBe(201);

    // 1. Cal registers for a full group on a phone: on the waitlist, no number, nothing to pay.
    const calPhone = await phoneOf(cal);
    await registerInBrowser(calPhone.page);
    await calPhone.page.getByText('Waitlist: 1st of 1').waitFor();
    expect(await numberOf(cal)).toBeNull();
    if (SHOTS) await calPhone.page.screenshot({ path: `${SHOTS}/waitlist-390.png`, fullPage: true });

    // Ann withdraws: the spot is held for Cal, by mail and on the dashboard, and taken by registering.
    expect((await api(ann.token, 'POST', '/tryouts/my/withdraw', {})).status).toBe(200);
    await linkFromMail(cal.email, 'A spot opened in 18U Boys for Fall 2026 Tryouts', '/');
    await calPhone.page.reload();
    await calPhone.page.getByText(/A spot is held for you until .+ \(Edmonton time\)\./).waitFor();
    await calPhone.page.getByRole('link', { name: 'Register now' }).click();
    await calPhone.page.waitForURL(/\/tryout/);
    await registerInBrowser(calPhone.page);
    await calPhone.page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    expect(calPhone.consoleErrors).toEqual([]);
    await calPhone.close();
    // Numbers are unique and gap-free among the registrations that exist: Ann 1 (withdrawn), Ben 2, Cal 3.
    expect([await numberOf(ann), await numberOf(ben), await numberOf(cal)]).toEqual([1, 2, 3]);

    // The club raises the capacity to three, so Dee registers with a number (the team's alternate).
    expect(
      (await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}`, { capacities: { '18U Boys': 3 } }))
        .status,
    ).toBe(200);
    expect((await registerByApi(dee)).status).toBe(201);
    expect(await numberOf(dee)).toBe(4);

    // 2. A team of two with one alternate, and a coach for it.
    const team = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/teams`, {
      name: 'Sabres 18U Black',
      age_group: '18U Boys',
      capacity: 2,
      fee_cents: 35_000,
      coach_name: 'Jordan Coach',
      team_link: 'https://go.teamsnap.com/sabres-18u-black',
    });
    expect(team.status).toBe(201);
    const teamId = String(team.body.id);
    expect(
      (
        await api(adminToken, 'PUT', `/admin/teams/${teamId}/placements`, {
          tryout_ids: [ben.tryoutId, cal.tryoutId],
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(adminToken, 'PUT', `/admin/teams/${teamId}/alternates`, { tryout_ids: [dee.tryoutId] }))
        .status,
    ).toBe(200);

    // 3. Offers go out: Ben and Cal hear of their place, Dee that they are the alternate.
    expect((await api(adminToken, 'POST', `/admin/seasons/${seasonId}/offers/publish`, {})).status).toBe(200);
    await waitForMail(ben.email, /^A place on Sabres 18U Black for .*please answer by /);
    await waitForMail(cal.email, /^A place on Sabres 18U Black for .*please answer by /);
    await waitForMail(dee.email, /an alternate for Sabres 18U Black$/);

    // Ben accepts on a phone, with the waiver's typed name, and pays the team fee by card.
    const benPhone = await phoneOf(ben);
    await acceptOnDashboard(benPhone.page, 'Ben Tester');
    await benPhone.page.getByText('To pay: $350.00 team fee').first().waitFor();
    await benPhone.page.getByRole('button', { name: 'Pay by card' }).click();
    await benPhone.page.waitForURL(/\/checkout\//);
    await benPhone.page.getByText('$350.00').first().waitFor();
    await benPhone.page.getByRole('button', { name: /^Pay \$/ }).click();
    await benPhone.page.waitForURL(/\/dashboard/);
    await benPhone.page.getByText('Team fee paid: $350.00').waitFor({ timeout: 20_000 });
    await benPhone.page.getByRole('link', { name: 'Join Your Team on TeamSnap' }).waitFor();
    if (SHOTS) await benPhone.page.screenshot({ path: `${SHOTS}/accepted-paid-390.png`, fullPage: true });
    expect(benPhone.consoleErrors).toEqual([]);
    await benPhone.close();

    // Cal declines: the place goes to Dee, the alternate, with a deadline of their own.
    const calAgain = await phoneOf(cal);
    await declineOnDashboard(calAgain.page);
    expect(calAgain.consoleErrors).toEqual([]);
    await calAgain.close();
    await waitForMail(dee.email, /^A place on Sabres 18U Black for .*please answer by /);
    const deePhone = await phoneOf(dee);
    // The team link shows only after acceptance.
    expect(await deePhone.page.getByRole('link', { name: 'Join Your Team on TeamSnap' }).count()).toBe(0);
    await acceptOnDashboard(deePhone.page, 'Dee Tester');
    await deePhone.page.getByRole('link', { name: 'Join Your Team on TeamSnap' }).waitFor();
    expect(deePhone.consoleErrors).toEqual([]);
    await deePhone.close();

    // 4. The roster: Ben and Dee, with their fee states; Cal is not on it.
    const roster = await api(adminToken, 'GET', `/admin/teams/${teamId}/roster`);
    expect(roster.status).toBe(200);
    const rows = roster.body.players as { first_name: string; tryout_number: number; fee_state: string }[];
    expect(rows.map((r) => [r.tryout_number, r.first_name, r.fee_state])).toEqual([
      [2, 'Ben', 'paid'],
      [4, 'Dee', 'to_pay'],
    ]);
    const desk = await openPage({ viewport: DESKTOP });
    await signIn(desk.page, adminCredentials().email, adminCredentials().password);
    await desk.page.waitForURL(/\/admin/);
    await desk.page.goto(`/admin/teams/${teamId}/roster`);
    await desk.page.getByRole('heading', { level: 1, name: 'Sabres 18U Black' }).waitFor();
    await desk.page.getByRole('cell', { name: 'Ben Tester', exact: true }).waitFor();
    await desk.page.getByRole('cell', { name: 'Dee Tester', exact: true }).waitFor();
    expect(await desk.page.getByRole('cell', { name: 'Cal Tester', exact: true }).count()).toBe(0);
    if (SHOTS) await desk.page.screenshot({ path: `${SHOTS}/roster-1280.png`, fullPage: true });
    expect(desk.consoleErrors).toEqual([]);
    await desk.close();

    // The coach, invited for the team, sees exactly its roster on a phone.
    const coach = await verifiedPlayer('Jordan');
    expect(
      (
        await api(adminToken, 'POST', `/admin/seasons/${seasonId}/helpers`, {
          email: coach.email,
          role: 'coach',
          team_id: teamId,
        })
      ).status,
    ).toBe(201);
    const link = await linkFromMail(coach.email, 'Help at Fall 2026 Tryouts: Coach', '/helpers/accept#');
    const coachPhone = await openPage({ viewport: PHONE });
    await signIn(coachPhone.page, coach.email, coach.password);
    await coachPhone.page.waitForURL(/\/dashboard/);
    await coachPhone.page.goto(new URL(link).pathname + new URL(link).hash);
    await coachPhone.page.getByRole('button', { name: 'Accept' }).click();
    await coachPhone.page.getByRole('link', { name: 'Fall 2026 Tryouts: Sabres 18U Black roster' }).click();
    await coachPhone.page.getByRole('heading', { level: 1, name: 'Sabres 18U Black' }).waitFor();
    await coachPhone.page
      .getByText(/Ben Tester/)
      .first()
      .waitFor();
    await coachPhone.page
      .getByText(/Dee Tester/)
      .first()
      .waitFor();
    expect(await coachPhone.page.getByText(/Cal Tester/).count()).toBe(0);
    expect(await coachPhone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    if (SHOTS) await coachPhone.page.screenshot({ path: `${SHOTS}/coach-390.png`, fullPage: true });
    expect(coachPhone.consoleErrors).toEqual([]);
    await coachPhone.close();
  }, 300_000);
});

/** Waits for a mail whose subject matches to reach the address. */
async function waitForMail(address: string, subject: RegExp): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await inbox(address)).some((m) => subject.test(m.subject))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail matching ${subject} reached ${address}`);
}

/** The offer card: its deadline in Edmonton time with the time left, then Accept with the waiver's typed name. */
async function acceptOnDashboard(page: Page, waiverName: string) {
  await page.reload();
  await page.getByRole('heading', { name: 'Offer: a place on Sabres 18U Black' }).waitFor();
  await page.getByText(/^Respond by .+ \(\d+ days? .*left\)$/).waitFor();
  await page.getByText('Team fee: $350.00').waitFor();
  await page.getByLabel('Type your full name to accept the waiver').fill(waiverName);
  await page.getByRole('button', { name: 'Accept the place' }).click();
  await page.getByText('You accepted a place on Sabres 18U Black.').waitFor();
}

async function declineOnDashboard(page: Page) {
  await page.reload();
  await page.getByRole('heading', { name: 'Offer: a place on Sabres 18U Black' }).waitFor();
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByLabel('Reason (optional)').fill('Playing for the school team this winter.');
  await page.getByRole('button', { name: 'Yes, decline' }).click();
  await page.getByText('You declined the place on Sabres 18U Black.').waitFor();
}
