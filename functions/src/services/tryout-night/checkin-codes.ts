/**
 * A registration's check-in code where the family sees it (issue 37): the dashboard draws it itself; mail
 * and receipts show it as an image from the site (`/api/checkin-codes/<code>`), which mail clients display
 * where they would not run or embed anything else.
 */
import { apiPath, serverMessages, tryoutId as tryoutIds } from '@club/shared';
import * as tryoutsTable from '../../db/registration/registrations';
import { checkinCodeOf, readCheckinCode } from '../../lib/checkin-code';
import { getConfig } from '../../lib/config';
import { NotFoundError } from '../../lib/errors';

/** The PNG of a code of a registration that exists and is not withdrawn; 404 otherwise. */
export async function checkinQrImage(code: string): Promise<Uint8Array> {
  const id = await readCheckinCode(code);
  const ids = id ? tryoutIds.parse(id) : null;
  const tryout = ids ? await tryoutsTable.getTryout(ids.seasonId, ids.playerId) : null;
  if (!tryout || tryout.withdrawn) throw new NotFoundError(serverMessages.codeNotFound);
  const { toBuffer } = await import('qrcode');
  return toBuffer(code, { type: 'png', margin: 2, width: 240, errorCorrectionLevel: 'M' });
}

/** The absolute address of a registration's QR image, for mail. */
export async function checkinQrUrl(tryoutId: string): Promise<string> {
  const path = apiPath('getCheckinQr', { code: await checkinCodeOf(tryoutId) });
  return new URL(path, getConfig().SITE_URL).toString();
}
