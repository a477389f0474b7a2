/**
 * Test helpers for Interac e-Transfer (issue 46): a season taking it, a family registered to pay by it (with
 * its code), and the bank's CSV export as a Canadian bank writes it.
 */
import type { MyTryout } from '@club/shared';
import { createAdmin } from './admin';
import { aTryoutRegistration, ok, registered } from './builders';
import { createPlayer, openSeason, type TestPlayer } from './players';
import type { UserItem } from '../src/db/accounts/users';

export const ETRANSFER_ADDRESS = 'treasurer@summit.test';

/** The active season ($45.00) taking e-Transfer at ETRANSFER_ADDRESS, and its admin. */
export async function etransferSeason(): Promise<{ seasonId: string; admin: TestPlayer }> {
  const seasonId = (await openSeason()).id;
  const admin = await createAdmin();
  await ok('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: { etransfer: { enabled: true, address: ETRANSFER_ADDRESS } },
  });
  return { seasonId, admin };
}

/** A player registered to pay by e-Transfer: its registration's id and code. */
export async function etransferFamily(
  seasonId: string,
  overrides: Partial<UserItem> = {},
): Promise<TestPlayer & { tryoutId: string; reference: string; amountCents: number }> {
  const player = await createPlayer(overrides);
  const res = await registered(player.token, aTryoutRegistration({ payment_method: 'etransfer' }));
  const tryout = res.body.tryout as unknown as MyTryout;
  if (!tryout.etransfer) throw new Error('registered without an e-Transfer code');
  return {
    ...player,
    tryoutId: `${seasonId}.${player.id}`,
    reference: tryout.etransfer.reference,
    amountCents: tryout.etransfer.amount_cents,
  };
}

export interface BankLine {
  date?: string;
  sender: string;
  amount: string;
  message?: string;
  reference?: string;
}

/**
 * A bank's "Interac e-Transfer received" CSV export as Canadian banks write one: a byte-order mark, CRLF line
 * ends, every field quoted (a comma inside a sender's name stays in the name), amounts with a dollar sign.
 */
export function bankCsv(lines: readonly BankLine[]): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const header = [
    'Date',
    'Transaction Type',
    'Sender Name',
    'Sender Email',
    'Amount',
    'Message',
    'Reference Number',
  ];
  const rows = lines.map((l) =>
    [
      l.date ?? '2026-09-04',
      'Interac e-Transfer Received',
      l.sender,
      'sender@bank.test',
      l.amount,
      l.message ?? '',
      l.reference ?? '',
    ]
      .map(q)
      .join(','),
  );
  return `\uFEFF${[header.map(q).join(','), ...rows].join('\r\n')}\r\n`;
}
