/**
 * Players: who tries out. An account signs in; a player is registered. Today every account is one player,
 * its own (shared ids.ts ownPlayerId); households add the players an account registers, and only this module
 * learns where they come from. A registration snapshots its player's details when it is made (snapshotOf,
 * the one mapper), so the admin table is one Query and a later profile edit does not rewrite history.
 */
import { isMinor, ownPlayerId, type AccessTokenClaims, type Athlete, type Division } from '@club/shared';
import type { NewRegistration } from '../../db/registration/registration-item';
import * as users from '../../db/accounts/users';

/** A player's details, as a registration keeps them. */
export interface Player {
  readonly id: string;
  /** The account that registers the player, pays and follows the registration. */
  readonly accountId: string;
  /** Which teams the player plays on (issue 36), when the family said; decides the groups that fit. */
  readonly division?: Division;
  /** The athlete's medical notes (issue 36), copied into a new registration for the administrators. */
  readonly medicalNotes?: string;
  readonly details: Pick<
    users.PlayerAccount,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'date_of_birth'
    | 'parent_consent'
    | 'phone_number'
    | 'emergency_contact_name'
    | 'emergency_contact_phone'
    | 'emergency_contact_email'
    | 'emergency_contact_relationship'
  >;
}

/** What a registration copies from its player when it is made. */
export type PlayerSnapshot = Pick<
  NewRegistration,
  'player_id' | 'user_id' | 'is_under_18' | keyof Player['details']
>;

/** The player a signed-in account acts for on the player screens: the account's own. */
export function callerPlayerId(caller: AccessTokenClaims): string {
  return ownPlayerId(caller.sub);
}

/** The caller's own player, read from its account (null when the account is gone). */
export async function getCallerPlayer(caller: AccessTokenClaims): Promise<Player | null> {
  const user = await users.getUser(caller.sub);
  return user && users.isPlayerAccount(user) ? playerOfAccount(user) : null;
}

/**
 * An athlete a guardian added to a household (issue 17): its own details, and the registering guardian's
 * e-mail and phone, since the athlete has none of its own and the club reaches it through them.
 */
export function playerOfAthlete(athlete: Athlete, guardian: users.UserItem): Player {
  return {
    id: athlete.id,
    accountId: guardian.id,
    ...(athlete.division ? { division: athlete.division } : {}),
    ...(athlete.medical_notes ? { medicalNotes: athlete.medical_notes } : {}),
    details: {
      first_name: athlete.first_name,
      last_name: athlete.last_name,
      email: guardian.email,
      date_of_birth: athlete.date_of_birth,
      parent_consent: athlete.parent_consent,
      phone_number: guardian.phone_number,
      emergency_contact_name: athlete.emergency_contact_name,
      emergency_contact_phone: athlete.emergency_contact_phone,
      emergency_contact_email: athlete.emergency_contact_email,
      emergency_contact_relationship: athlete.emergency_contact_relationship,
    },
  };
}

/** An account holder's own player, from the profile. */
export function playerOfAccount(user: users.PlayerAccount): Player {
  return {
    id: ownPlayerId(user.id),
    accountId: user.id,
    ...(user.division ? { division: user.division } : {}),
    ...(user.medical_notes ? { medicalNotes: user.medical_notes } : {}),
    details: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      date_of_birth: user.date_of_birth,
      parent_consent: user.parent_consent,
      phone_number: user.phone_number,
      emergency_contact_name: user.emergency_contact_name,
      emergency_contact_phone: user.emergency_contact_phone,
      emergency_contact_email: user.emergency_contact_email,
      emergency_contact_relationship: user.emergency_contact_relationship,
    },
  };
}

/** The one mapper of a player's details into the registration being made. */
export function snapshotOf(player: Player): PlayerSnapshot {
  return {
    player_id: player.id,
    user_id: player.accountId,
    ...player.details,
    is_under_18: isMinor(player.details.date_of_birth),
  };
}
