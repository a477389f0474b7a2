/** The helpers' calls on tryout night (issue 37), typed from the route table. */
import type { AgeGroup } from '@club/shared/constants';
import { serverMessages } from '@club/shared/messages';
import type {
  CheckinPlayer,
  HelperGrant,
  RosterAnswer,
  ScanAnswer,
  Score,
  ScoresAnswer,
  TonightAnswer,
  WalkUpAnswer,
} from '@club/shared/tryout-night';
import type { WalkUpInput } from '@club/shared/tryout-night-schemas';
import { ApiError, callApi } from '../../lib/api-client';
import { forgetHelperOnPhone, forgetSignedOut } from './device-store';

/**
 * A helper route's answer; refused because the session is over (401, after the client's own refresh) or the
 * helper's job ended or was removed (403), the phone first forgets what it kept for them (issue 42).
 */
async function asHelper<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await forgetSignedOut();
    if (
      error instanceof ApiError &&
      error.status === 403 &&
      error.serverMessage === serverMessages.helperAccessNeeded
    )
      await forgetHelperOnPhone();
    throw error;
  }
}

export function acceptHelper(token: string): Promise<HelperGrant[]> {
  return callApi('acceptHelper', { body: { token } });
}

export function myGrants(): Promise<HelperGrant[]> {
  return callApi('myHelperGrants');
}

export function getRoster(seasonId: string, ageGroup: AgeGroup): Promise<RosterAnswer> {
  return asHelper(callApi('getRoster', { params: { seasonId }, query: { age_group: ageGroup } }));
}

export function putScores(seasonId: string, scores: Score[]): Promise<ScoresAnswer> {
  return asHelper(callApi('putScores', { params: { seasonId }, body: { scores } }));
}

export function getTonight(seasonId: string): Promise<TonightAnswer> {
  return asHelper(callApi('getTonight', { params: { seasonId } }));
}

export function checkIn(
  seasonId: string,
  id: string,
  body: { attended: boolean; cash_collected?: boolean },
): Promise<CheckinPlayer> {
  return asHelper(callApi('checkIn', { params: { seasonId, id }, body }));
}

export function scanCode(seasonId: string, code: string): Promise<ScanAnswer> {
  return asHelper(callApi('scanCheckin', { params: { seasonId }, body: { code } }));
}

export function registerWalkUp(seasonId: string, input: WalkUpInput): Promise<WalkUpAnswer> {
  return asHelper(callApi('registerWalkUp', { params: { seasonId }, body: input }));
}
