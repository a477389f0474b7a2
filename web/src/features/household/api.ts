/** The household calls (issue 17), typed from the shared route table. */
import type { AthleteInput, AthleteUpdate } from '@club/shared/schemas';
import type { Athlete, Household, SuccessAnswer } from '@club/shared/types';
import { callApi } from '../../lib/api-client';

export const getHousehold = (): Promise<Household> => callApi('getHousehold');

export const addAthlete = (athlete: AthleteInput): Promise<Athlete> =>
  callApi('addAthlete', { body: athlete });

export const updateAthlete = (id: string, changes: AthleteUpdate): Promise<Athlete> =>
  callApi('updateAthlete', { params: { id }, body: changes });

export const deleteAthlete = (id: string): Promise<Household> => callApi('deleteAthlete', { params: { id } });

export const inviteGuardian = (email: string): Promise<SuccessAnswer> =>
  callApi('inviteGuardian', { body: { email } });

export const acceptInvite = (token: string): Promise<Household> =>
  callApi('acceptGuardianInvite', { body: { token } });

export const leaveHousehold = (): Promise<Household> => callApi('leaveHousehold');

/** Where the join page keeps an invitation's token while its reader signs in (this tab only). */
export const PENDING_INVITE_KEY = 'household-invite';
