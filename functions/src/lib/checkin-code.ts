/**
 * A registration's check-in code (issue 37): what its QR code holds, on the dashboard, in the confirmation
 * mail and on the receipt. Opaque and signed: the registration's two UUIDs packed as bytes and an HMAC over
 * them (keyed from the stage's signing secret, with a purpose of its own), so a code names one registration,
 * cannot be made up or altered, and holds nothing about the family. It is no access token: only a check-in
 * helper of the code's season can use it, to check that player in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { tryoutId } from '@club/shared';
import { getSecrets } from './config';

const PREFIX = 'SBC1.';
const MAC_BYTES = 16;

async function mac(body: Buffer): Promise<Buffer> {
  const { jwtSecret } = await getSecrets();
  const key = createHmac('sha256', jwtSecret).update('club-website/checkin-code').digest();
  return createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
}

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The code of a registration (its public id): "SBC1." and 64 base64url characters. */
export async function checkinCodeOf(id: string): Promise<string> {
  const ids = tryoutId.parse(id);
  if (!ids) throw new Error('not a registration id');
  const body = Buffer.concat([uuidBytes(ids.seasonId), uuidBytes(ids.playerId)]);
  return `${PREFIX}${Buffer.concat([body, await mac(body)]).toString('base64url')}`;
}

/** The registration a code names, or null for anything that is not a code of ours, or was altered. */
export async function readCheckinCode(code: string): Promise<string | null> {
  if (!code.startsWith(PREFIX)) return null;
  const bytes = Buffer.from(code.slice(PREFIX.length), 'base64url');
  if (bytes.length !== 32 + MAC_BYTES) return null;
  const body = bytes.subarray(0, 32);
  if (!timingSafeEqual(bytes.subarray(32), await mac(body))) return null;
  return tryoutId.of(uuidOf(body.subarray(0, 16)), uuidOf(body.subarray(16)));
}
