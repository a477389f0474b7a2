/**
 * Teams and coaches (issue 45 §2, §5), in Chromium against its own local stack: the admin's Teams screen at
 * 1280 and 390 px (a team's placed players, its alternates reordered with up and down), the printable roster,
 * and a coach who opens their team's roster on a phone (a medical note on a tap) and is refused another team's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSampleRegistrations } from '../../scripts/src/local/sample-registrations';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, checkA11y, openPage, useOwnStack } from './harness';
import { api, linkFromMail, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';
let teamId = '';
let otherTeamId = '';
const SHOTS = process.env.TEAMS_SHOTS_DIR;

const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-teams');
  useOwnStack(stack);
  const login = await fetch(`${stack.siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.siteUrl },
    body: JSON.stringify(adminCredentials()),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', { name: 'Fall 2027 Tryouts' });
  expect(season.status).toBe(201);
  seasonId = String(season.body.id);
  const rows = await writeSampleRegistrations(seasonId, 5, {
    age_group: '15U Boys',
    overrides: (i) => (i === 0 ? { medical_notes: 'Peanut allergy: EpiPen in the blue bag' } : {}),
  });
  const team = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/teams`, {
    name: 'Sabres 15U Black',
    age_group: '15U Boys',
    capacity: 3,
    fee_cents: 35000,
    coach_name: 'Jordan Coach',
  });
  expect(team.status).toBe(201);
  teamId = String(team.body.id);
  const other = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/teams`, {
    name: 'Sabres 15U Red',
    age_group: '15U Boys',
    capacity: 12,
    fee_cents: 0,
  });
  otherTeamId = String(other.body.id);
  const ids = rows.map((r) => r.id);
  expect(
    (await api(adminToken, 'PUT', `/admin/teams/${teamId}/placements`, { tryout_ids: ids.slice(0, 3) }))
      .status,
  ).toBe(200);
  expect(
    (await api(adminToken, 'PUT', `/admin/teams/${teamId}/alternates`, { tryout_ids: ids.slice(3) })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('teams and coaches (issue 45)', () => {
  it('shows the admin a team with its players and alternates, reorders an alternate, and prints the roster', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const { page, consoleErrors, close } = await openPage({ viewport });
      const admin = adminCredentials();
      await signIn(page, admin.email, admin.password);
      await page.waitForURL(/\/admin/);
      await page.getByText('Teams: placements, alternates and rosters').click();
      const card = page.getByRole('article', { name: 'Sabres 15U Black' });
      await card.waitFor();
      await card.getByText(/15U Boys · 3 of 3 placed · 2 alternates/).waitFor();
      // No part of the screen is wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/teams-${viewport.width}.png`, fullPage: true });
      if (viewport.width === 1280) {
        await card.getByRole('button', { name: 'Move #5 Player4 Tester up' }).click();
        const alternates = card.getByRole('region', { name: 'Sabres 15U Black: alternates in order' });
        await expect
          .poll(() => alternates.getByRole('listitem').first().textContent(), { timeout: 15_000 })
          .toContain('#5 Player4 Tester');
        await checkA11y(page);
      }
      await page.goto(`/admin/teams/${teamId}/roster`);
      await page.getByRole('heading', { level: 1, name: 'Sabres 15U Black' }).waitFor();
      expect(await page.getByRole('row').count()).toBe(4);
      await page.getByText('Peanut allergy: EpiPen in the blue bag').waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-${viewport.width}.png`, fullPage: true });
      expect(consoleErrors).toEqual([]);
      await close();
    }
  }, 120_000);

  it('lets a coach open their team’s roster on a phone, the medical note on a tap, and refuses another team’s', async () => {
    const { page, close } = await openPage({ viewport: PHONE });
    const coach = await verifiedPlayer('Jordan');
    const invited = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/helpers`, {
      email: coach.email,
      role: 'coach',
      team_id: teamId,
    });
    expect(invited.status).toBe(201);
    const link = await linkFromMail(coach.email, 'Help at Fall 2027 Tryouts: Coach', '/helpers/accept#');
    await signIn(page, coach.email, coach.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('link', { name: 'Fall 2027 Tryouts: Sabres 15U Black roster' }).click();

    await page.getByRole('heading', { level: 1, name: 'Sabres 15U Black' }).waitFor();
    expect(await page.getByText('Peanut allergy: EpiPen in the blue bag').count()).toBe(0);
    await page.getByRole('button', { name: /Medical note/ }).click();
    await page.getByText('Peanut allergy: EpiPen in the blue bag').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-390.png`, fullPage: true });

    await page.goto(`/coach/${otherTeamId}/roster`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'You are not a helper for this job this season, or your access has ended.',
    );
    await close();
  }, 120_000);
});
