/**
 * The product's identifiers, formatted and read in one place. An account signs in; a player tries out. Every
 * account is its own first player (its player id is its account id), so every registration made before
 * households keeps its id; a household's further players get ids of their own.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TRYOUT_ID = new RegExp(`^(${UUID})\\.(${UUID})$`, 'i');

/** The id of the player an account is: the account's own id. */
export function ownPlayerId(accountId: string): string {
  return accountId;
}

/**
 * A registration's public id (admin paths, result-mail messages, Stripe's client_reference_id):
 * `<seasonId>.<playerId>`, both UUIDs, so the registration is one GetItem away with no index.
 */
export const tryoutId = {
  pattern: TRYOUT_ID,
  of: (seasonId: string, playerId: string): string => `${seasonId}.${playerId}`,
  /** The season and player an id names, or null when it is not one of ours. */
  parse(id: string): { seasonId: string; playerId: string } | null {
    const m = TRYOUT_ID.exec(id);
    return m ? { seasonId: m[1]!, playerId: m[2]! } : null;
  },
};

/**
 * An offer's public id (issue 45: paths, the offer mail's links): `<seasonId>.<playerId>`, both UUIDs. A player
 * has one offer per season (offered again, its round goes up), so the offer is one GetItem away.
 */
export const offerId = {
  pattern: TRYOUT_ID,
  of: (seasonId: string, playerId: string): string => `${seasonId}.${playerId}`,
  /** The season and player an id names, or null when it is not one of ours. */
  parse(id: string): { seasonId: string; playerId: string } | null {
    const m = TRYOUT_ID.exec(id);
    return m ? { seasonId: m[1]!, playerId: m[2]! } : null;
  },
};

/**
 * A team's public id (admin and coach paths): `<seasonId>.<teamUuid>`, both UUIDs, so the team is one GetItem
 * away in its season's partition (issue 45).
 */
export const teamId = {
  pattern: TRYOUT_ID,
  of: (seasonId: string, teamUuid: string): string => `${seasonId}.${teamUuid}`,
  /** The season and team an id names, or null when it is not one of ours. */
  parse(id: string): { seasonId: string; teamUuid: string } | null {
    const m = TRYOUT_ID.exec(id);
    return m ? { seasonId: m[1]!, teamUuid: m[2]! } : null;
  },
};
