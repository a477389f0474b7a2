/**
 * Test helpers for tryout night (issue 37): a season with a session tonight (Edmonton's date), and helpers
 * invited and accepted through the API, as an admin and a volunteer would.
 */
import { sessionInstant, todayInClubZone, type AgeGroup, type HelperRole, type Season } from '@club/shared';
import { createAdmin } from './admin';
import { aSeasonUpdate, ok, sessionOn } from './builders';
import { linkFromLatestMail, tokenFromLink } from './mailbox';
import { createPlayer, openSeason, type TestPlayer } from './players';
import * as seasonsTable from '../src/db/seasons/seasons';
import * as tryoutsTable from '../src/db/registration/registrations';
import { withdrawRegistration } from '../src/services/registration/withdrawal';

export { GYM, sessionOn } from './builders';

/** An open active season whose 15U Boys and 15U Girls play tonight, and its administrator. */
export async function seasonTonight(
  name: string,
  settings: Record<string, unknown> = {},
): Promise<{ season: Season; admin: TestPlayer }> {
  const season = await openSeason({ name });
  const admin = await createAdmin();
  await ok('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: aSeasonUpdate({ sessions: [sessionOn(todayInClubZone())], ...settings }),
  });
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
  await ok(
    'inviteHelper',
    {
      token: admin.token,
      params: { id: seasonId },
      body: { email: helper.email, role, ...(age_groups ? { age_groups } : {}) },
    },
    201,
  );
  const token = tokenFromLink(await linkFromLatestMail(helper.email, /\/helpers\/accept#/));
  await ok('acceptHelper', { token: helper.token, body: { token } });
  return helper;
}
