/** Access tokens for tests: the shape the server signs (spec §3), unsigned, since the browser only decodes. */
import type { SessionUser } from '@club/shared';

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const player: SessionUser = {
  id: 'user-1',
  first_name: 'Maya',
  last_name: 'Okafor',
  email: 'maya@example.com',
  is_admin: false,
};

export const admin: SessionUser = {
  id: 'admin-1',
  first_name: 'Club',
  last_name: 'Admin',
  email: 'admin@club.local',
  is_admin: true,
};

/** A token for `user` issued now, expiring `expiresInS` seconds from now (negative: already expired). */
export function makeToken(user: SessionUser = player, expiresInS = 900): string {
  const { id, ...rest } = user;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + expiresInS;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: id, ...rest, iat, exp })}.signature`;
}
