/**
 * Players: who tries out. An account signs in; a player is registered. Today every account is one player,
 * its own (shared ids.ts ownPlayerId); households add the players an account registers, and only this module
 * learns where they come from. A registration snapshots its player's details when it is made (snapshotOf,
 * the one mapper), so the admin table is one Query and a later profile edit does not rewrite history.
 */
import { isMinor, ownPlayerId, type AccessTokenClaims } from '@club/shared';
import type { NewTryout } from '../db/tryouts';
import * as users from '../db/users';

/** A player's details, as a registration keeps them. */
export interface Player {
  readonly id: string;
  /** The account that registers the player, pays and follows the registration. */
  readonly accountId: string;
  readonly details: Pick<
    users.UserItem,
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
  NewTryout,
  'player_id' | 'user_id' | 'is_under_18' | keyof Player['details']
>;

/** The player a signed-in account acts for on the player screens: the account's own. */
export function callerPlayerId(caller: AccessTokenClaims): string {
  return ownPlayerId(caller.sub);
}

/** The caller's own player, read from its account (null when the account is gone). */
export async function getCallerPlayer(caller: AccessTokenClaims): Promise<Player | null> {
  const user = await users.getUser(caller.sub);
  if (!user) return null;
  return {
    id: ownPlayerId(user.id),
    accountId: user.id,
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
