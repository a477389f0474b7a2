import { describe, expect, it } from 'vitest';
import { ownPlayerId, tryoutId } from './ids';

const SEASON = '0b6f4f0e-3c55-4d0c-9d41-0c2a7d7f6a11';
const PLAYER = 'a3c2e1d0-9b8a-4c7d-8e6f-5a4b3c2d1e0f';

describe('tryoutId', () => {
  it('writes a registration id as <seasonId>.<playerId> and reads both back', () => {
    const id = tryoutId.of(SEASON, PLAYER);

    expect(id).toBe(`${SEASON}.${PLAYER}`);
    expect(tryoutId.parse(id)).toEqual({ seasonId: SEASON, playerId: PLAYER });
  });

  it.each([
    ['one UUID only', SEASON],
    ['a wrong separator', `${SEASON}#${PLAYER}`],
    ['a truncated player', `${SEASON}.${PLAYER.slice(0, 35)}`],
    ['dashes in place of a UUID', `${'-'.repeat(36)}.${PLAYER}`],
    ['something after it', `${SEASON}.${PLAYER}/x`],
  ])('is not one of ours with %s', (_, id) => {
    expect(tryoutId.parse(id)).toBeNull();
  });
});

describe('ownPlayerId', () => {
  it("is the account's own id, so registrations made before households keep their ids", () => {
    expect(ownPlayerId(PLAYER)).toBe(PLAYER);
  });
});
