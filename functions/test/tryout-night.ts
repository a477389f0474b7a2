/**
 * Test helpers for tryout night (issue 37): a season with a session tonight (Edmonton's date), and helpers
 * invited and accepted through the API, as an admin and a volunteer would.
 */
import { expect } from 'vitest';
import {
  sessionInstant,
  todayInClubZone,
  type AgeGroup,
  type HelperRole,
  type Season,
  type TryoutSession,
} from '@club/shared';
import { createAdmin } from './admin';
import { call } from './api';
import { linkFromLatestMail, tokenFromLink } from './mailbox';
import { createPlayer, openSeason, type TestPlayer } from './players';
import * as seasonsTable from '../src/db/seasons/seasons';
import * as tryoutsTable from '../src/db/registration/registrations';
import { withdrawRegistration } from '../src/services/registration/withdrawal';

export const GYM = { location: 'Harry Ainlay High School', address: '4350 111 St NW, Edmonton, AB' };

/** A tryout session of the groups on a day (Edmonton), 6 to 8 pm. */
export const sessionOn = (
  day: string,
  age_groups: readonly AgeGroup[] = ['15U Boys', '15U Girls'],
): TryoutSession => ({
  kind: 'tryout',
  age_groups: [...age_groups],
  starts_at: `${day}T18:00`,
  ends_at: `${day}T20:00`,
  ...GYM,
});

/** An open active season whose 15U Boys and 15U Girls play tonight, and its administrator. */
export async function seasonTonight(
  name: string,
  settings: Record<string, unknown> = {},
): Promise<{ season: Season; admin: TestPlayer }> {
  const season = await openSeason({ name });
  const admin = await createAdmin();
  const set = await call('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: { sessions: [sessionOn(todayInClubZone())], ...settings },
  });
  expect(set.status).toBe(200);
  return { season, admin };
}

/**
 * The family withdrew the athlete at 5 pm today, before tonight's 6 pm session closed withdrawals: a test
 * run after 6 pm Edmonton time could not withdraw through the API any more, so it is written as of 5 pm.
 */
export async function withdrewBeforeTonight(seasonId: string, athleteId: string): Promise<void> {
  const season = await seasonsTable.getSeason(seasonId);
  const tryout = await tryoutsTable.getTryout(seasonId, athleteId);
  if (!season || !tryout) throw new Error(`No registration of ${athleteId} in ${seasonId} to withdraw`);
  const fivePm = sessionInstant(`${todayInClubZone()}T17:00`);
  await withdrawRegistration(season, tryout, fivePm, { kind: 'guardian', name: 'Robin Quinn' });
}

/** A player account invited for the job and accepted from the mailed link. */
export async function helperOf(
  admin: TestPlayer,
  seasonId: string,
  role: HelperRole,
  age_groups?: AgeGroup[],
  name: { first_name: string; last_name: string } = { first_name: 'Casey', last_name: 'Door' },
): Promise<TestPlayer> {
  const helper = await createPlayer(name);
  const invited = await call('inviteHelper', {
    token: admin.token,
    params: { id: seasonId },
    body: { email: helper.email, role, ...(age_groups ? { age_groups } : {}) },
  });
  expect(invited.status).toBe(201);
  const token = tokenFromLink(await linkFromLatestMail(helper.email, /\/helpers\/accept#/));
  expect((await call('acceptHelper', { token: helper.token, body: { token } })).status).toBe(200);
  return helper;
}
