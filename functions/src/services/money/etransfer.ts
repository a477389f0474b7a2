/**
 * Interac e-Transfer (issue 46 §2): a registration's reference code, what the family is told to send, and
 * recording one received, by the admin's hand or from the bank's file (etransfer-import.ts). Recording is
 * one transaction (db/money/etransfers.ts); the call that recorded it queues the family's mail, claimed
 * once per payment by the family-mail worker (services/mail/etransfer-mail.ts).
 */
import { randomInt } from 'node:crypto';
import {
  ETRANSFER_REFERENCE_ALPHABET,
  ETRANSFER_REFERENCE_LENGTH,
  serverMessages,
  type AccessTokenClaims,
  type EtransferInstructions,
  type EtransferRowView,
} from '@club/shared';
import * as etransfers from '../../db/money/etransfers';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as seasonsTable from '../../db/seasons/seasons';
import { ServiceUnavailableError } from '../../lib/errors';
import { mailEtransferReceivedOnce } from '../mail/etransfer-mail';
import { byAdmin } from '../platform/audit';

/** A fresh code: eight of the alphabet's 32 characters (no 0/O, 1/I), drawn by the system's CSPRNG. */
export function drawReference(): string {
  let code = '';
  for (let i = 0; i < ETRANSFER_REFERENCE_LENGTH; i += 1) {
    code += ETRANSFER_REFERENCE_ALPHABET[randomInt(ETRANSFER_REFERENCE_ALPHABET.length)];
  }
  return code;
}

/**
 * Claims a unique code for a registration to come: drawn and put on the condition that nobody has it,
 * drawn again on a collision (32⁸ codes: a second draw is already rare). A code whose registration is
 * then refused stays unused and matches nothing.
 */
export async function claimReferenceFor(
  target: { seasonId: string; playerId: string; amountCents: number; kind?: 'tryout' | 'team_fee' },
  now: Date,
  draw: () => string = drawReference,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = draw();
    const claimed = await etransfers.claimReference({
      code,
      season_id: target.seasonId,
      player_id: target.playerId,
      kind: target.kind ?? 'tryout',
      amount_cents: target.amountCents,
      state: 'open',
      created_at: now.toISOString(),
    });
    if (claimed) return code;
  }
  throw new ServiceUnavailableError(serverMessages.registrationBusy);
}

/**
 * What the family's screens show of an e-Transfer registration: where to send, how much, the code, while
 * it is awaited (null once received, or withdrawn). Absent for every other method, so those answer as before.
 */
export function etransferField(
  tryout: RegistrationItem,
  season: seasonsTable.SeasonItem,
): { etransfer?: EtransferInstructions | null } {
  if (tryout.payment_method !== 'etransfer') return {};
  const address = season.etransfer?.address;
  const awaited =
    tryout.payment_status === 'awaiting_etransfer' && tryout.withdrawn !== true && tryout.etransfer_reference;
  return {
    etransfer:
      awaited && address
        ? { address, amount_cents: tryout.amount_cents, reference: tryout.etransfer_reference! }
        : null,
  };
}

/**
 * Records an e-Transfer received for a registration awaiting one (its amount exactly), with the bank line
 * when it came from a file, and queues the family's mail when this call's write did it.
 */
export async function receive(
  tryout: RegistrationItem,
  how: { by: AccessTokenClaims; row?: EtransferRowView; bankReference?: string },
): Promise<etransfers.ReceiveOutcome> {
  const out = await etransfers.receiveEtransfer({
    seasonId: tryout.season_id,
    playerId: tryout.player_id,
    code: tryout.etransfer_reference!,
    amountCents: tryout.amount_cents,
    registration: tryout,
    ...(how.row ? { row: how.row } : {}),
    ...(how.bankReference ? { bankReference: how.bankReference } : {}),
    by: byAdmin(how.by),
  });
  if (out.outcome === 'received') await mailEtransferReceivedOnce(out.tryout);
  return out;
}

/**
 * Records one bank line paying several registrations together (each child's code in its message, the
 * amounts adding up to the line's): all paid in one transaction or none, each family mail queued once.
 */
export async function receiveTogether(
  tryouts: readonly RegistrationItem[],
  how: { by: AccessTokenClaims; row: EtransferRowView },
): Promise<Awaited<ReturnType<typeof etransfers.receiveEtransferLine>>> {
  const out = await etransfers.receiveEtransferLine({
    payees: tryouts.map((t) => ({
      seasonId: t.season_id,
      playerId: t.player_id,
      code: t.etransfer_reference!,
      amountCents: t.amount_cents,
      registration: t,
    })),
    row: how.row,
    by: byAdmin(how.by),
  });
  if (out.outcome === 'received') for (const t of out.tryouts) await mailEtransferReceivedOnce(t);
  return out;
}
