/** The helpers' calls on tryout night (issue 37), typed from the route table. */
import type { AgeGroup } from '@club/shared/constants';
import type {
  CheckinPlayer,
  HelperGrant,
  RosterAnswer,
  Score,
  ScoresAnswer,
  TonightAnswer,
  WalkUpAnswer,
} from '@club/shared/tryout-night';
import type { WalkUpInput } from '@club/shared/tryout-night-schemas';
import { callApi } from '../../lib/api-client';

export function acceptHelper(token: string): Promise<HelperGrant[]> {
  return callApi('acceptHelper', { body: { token } });
}

export function myGrants(): Promise<HelperGrant[]> {
  return callApi('myHelperGrants');
}

export function getRoster(seasonId: string, ageGroup: AgeGroup): Promise<RosterAnswer> {
  return callApi('getRoster', { params: { seasonId }, query: { age_group: ageGroup } });
}

export function putScores(seasonId: string, scores: Score[]): Promise<ScoresAnswer> {
  return callApi('putScores', { params: { seasonId }, body: { scores } });
}

export function getTonight(seasonId: string): Promise<TonightAnswer> {
  return callApi('getTonight', { params: { seasonId } });
}

export function checkIn(
  seasonId: string,
  id: string,
  body: { attended: boolean; cash_collected?: boolean },
): Promise<CheckinPlayer> {
  return callApi('checkIn', { params: { seasonId, id }, body });
}

export function scanCode(seasonId: string, code: string): Promise<CheckinPlayer> {
  return callApi('scanCheckin', { params: { seasonId }, body: { code } });
}

export function registerWalkUp(seasonId: string, input: WalkUpInput): Promise<WalkUpAnswer> {
  return callApi('registerWalkUp', { params: { seasonId }, body: input });
}
