/**
 * POST /admin/payments/etransfer-import and POST /admin/payments/etransfer-rows/{rowId}/apply (issue 46 §2):
 * the bank's CSV read (etransfer-matching.ts), each line decided, a matched line recorded by one
 * transaction (db/money/etransfers.ts: the line, the code and the registration conditioned together), so
 * the same file twice changes nothing and a line pays one registration at most. Lines not applied are kept
 * for the admin: a proposal (the sender's name and amount, no code) is applied only by the admin's click.
 */
import {
  etransferMessages,
  referencesIn,
  serverMessages,
  tryoutId as tryoutIds,
  type AccessTokenClaims,
  type EtransferImportAnswer,
  type EtransferRowView,
} from '@club/shared';
import * as etransfers from '../../db/money/etransfers';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { guardiansOfRow } from '../../db/registration/registration-item';
import * as tryoutsTable from '../../db/registration/registrations';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import * as seasonsTable from '../../db/seasons/seasons';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { receive, receiveTogether } from './etransfer';
import { classify, readBankFile, type Payee } from './etransfer-matching';

const awaits = (t: RegistrationItem) =>
  t.payment_method === 'etransfer' &&
  t.payment_status === 'awaiting_etransfer' &&
  t.withdrawn !== true &&
  Boolean(t.etransfer_reference);

function payeeOf(t: RegistrationItem): Payee {
  return {
    tryout_id: t.id,
    player_name: `${t.first_name} ${t.last_name}`,
    reference: t.etransfer_reference ?? '',
    amount_cents: t.amount_cents,
    names: [...guardiansOfRow(t).map((g) => g.name), `${t.first_name} ${t.last_name}`],
    awaiting: awaits(t),
  };
}

/** How many of a file's lines are applied at once (each one transaction and its mail queued). */
const IMPORT_CONCURRENCY = 8;

type Settled = {
  list: keyof EtransferImportAnswer;
  view: EtransferImportAnswer[keyof EtransferImportAnswer][number];
};

/**
 * The lines (indices, in file order) in groups that share nothing: two lines sharing a key (a code, a line
 * id) are in one group, directly or through others, in their file order.
 */
export function sharingGroups(
  lines: readonly number[],
  keysOf: (line: number) => readonly string[],
): number[][] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const owner = new Map<string, number>();
  for (const line of lines) {
    parent.set(line, line);
    for (const key of keysOf(line)) {
      const other = owner.get(key);
      if (other === undefined) owner.set(key, line);
      else parent.set(find(line), find(other));
    }
  }
  const groups = new Map<number, number[]>();
  for (const line of lines) {
    const root = find(line);
    groups.set(root, [...(groups.get(root) ?? []), line]);
  }
  return [...groups.values()];
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Imports the bank's file: every line in one list of the answer. */
export async function importEtransfers(
  csv: string,
  admin: AccessTokenClaims,
): Promise<EtransferImportAnswer> {
  const rows = readBankFile(csv);
  const now = new Date();
  const codes = rows.flatMap((r) => referencesIn(r.message));
  const [stored, references, season] = await Promise.all([
    etransfers.getRows(rows.map((r) => r.row_id)),
    etransfers.getReferences(codes),
    seasonsTable.getActiveSeason(),
  ]);
  // The registrations the codes name, and (for lines without one) the active season's still awaiting.
  const registrations = new Map<string, RegistrationItem>();
  if (season) {
    for (const t of (await getSeasonWithTryouts(season.id)).tryouts) {
      if (t.payment_method === 'etransfer') registrations.set(t.id, t);
    }
  }
  const bySeason = new Map<string, string[]>();
  for (const ref of references.values()) {
    if (ref.kind !== 'tryout' || registrations.has(tryoutIds.of(ref.season_id, ref.player_id))) continue;
    bySeason.set(ref.season_id, [...(bySeason.get(ref.season_id) ?? []), ref.player_id]);
  }
  for (const [seasonId, playerIds] of bySeason) {
    for (const t of await tryoutsTable.getTryoutsOf(seasonId, playerIds)) registrations.set(t.id, t);
  }
  const payees = new Map([...registrations.values()].map((t) => [t.id, payeeOf(t)]));
  const byCode = (code: string): Payee | null => {
    const ref = references.get(code);
    if (!ref || ref.kind !== 'tryout') return null;
    const payee = payees.get(tryoutIds.of(ref.season_id, ref.player_id));
    return payee && payee.reference === code ? payee : null;
  };
  const pool = [...payees.values()];

  const answer: EtransferImportAnswer = {
    matched: [],
    already_applied: [],
    proposed: [],
    ambiguous: [],
    unmatched: [],
    amount_mismatch: [],
  };
  // One line's verdict, and its write when it matched (the transaction's conditions keep it to one payment).
  const settle = async (row: (typeof rows)[number]): Promise<Settled> => {
    const before = stored.get(row.row_id);
    const context = {
      applied:
        before?.state === 'applied'
          ? {
              tryout_id: before.tryout_id ?? '',
              ...(before.tryout_ids ? { tryout_ids: before.tryout_ids } : {}),
            }
          : null,
      byCode,
      pool,
    };
    let verdict = classify(row, context);
    if (verdict.list === 'matched' && verdict.payees) {
      // One transfer for several children: all paid together, or the line is left for a person.
      const together = verdict.payees;
      const out = await receiveTogether(
        together.map((p) => registrations.get(p.tryout_id)!),
        { by: admin, row },
      );
      if (out.outcome === 'received') {
        for (const p of together) p.awaiting = false;
        return {
          list: 'matched',
          view: {
            ...row,
            tryout_id: together[0]!.tryout_id,
            tryout_ids: together.map((p) => p.tryout_id),
            player_name: together.map((p) => p.player_name).join(' and '),
          },
        };
      }
      if (out.outcome === 'row-applied') {
        const now = await etransfers.getRow(row.row_id);
        return {
          list: 'already_applied',
          view: {
            ...row,
            tryout_id: now?.tryout_id ?? together[0]!.tryout_id,
            ...(now?.tryout_ids ? { tryout_ids: now.tryout_ids } : {}),
          },
        };
      }
      // One of them paid or withdrawn meanwhile: a person decides.
      verdict = {
        list: 'ambiguous',
        view: {
          ...row,
          candidates: together.map((p) => ({ tryout_id: p.tryout_id, player_name: p.player_name })),
        },
      };
    }
    if (verdict.list === 'matched') {
      const payee = verdict.payee;
      const out = await receive(registrations.get(payee.tryout_id)!, { by: admin, row });
      payee.awaiting = false;
      if (out.outcome === 'received') {
        return {
          list: 'matched',
          view: { ...row, tryout_id: payee.tryout_id, player_name: payee.player_name },
        };
      }
      if (out.outcome === 'row-applied') {
        const now = await etransfers.getRow(row.row_id);
        return { list: 'already_applied', view: { ...row, tryout_id: now?.tryout_id ?? payee.tryout_id } };
      }
      // Paid or withdrawn meanwhile: what the line is now.
      verdict = classify(row, context);
    }
    if (verdict.list === 'matched') throw new Error('A line matched twice');
    if (verdict.list !== 'already_applied') await etransfers.keepOpenRow(verdict.view, now);
    return { list: verdict.list, view: verdict.view };
  };
  // Lines that cannot touch the same thing run side by side, a few at a time: a line sharing a code or a
  // line id with another runs after it (so a line applied is seen by the next, the same code twice in one
  // file). Lines naming no known code (proposals by name and amount) are decided last, once every code's
  // line is applied, so a registration a code paid is not proposed again.
  const results: Settled[] = new Array<Settled>(rows.length);
  const byKnownCode = rows.map(
    (row) => stored.get(row.row_id)?.state === 'applied' || referencesIn(row.message).some((c) => byCode(c)),
  );
  for (const phase of [true, false]) {
    const lines = rows.flatMap((row, i) => (byKnownCode[i] === phase ? [i] : []));
    const groups = sharingGroups(lines, (i) => [`row:${rows[i]!.row_id}`, ...referencesIn(rows[i]!.message)]);
    await eachBounded(groups, IMPORT_CONCURRENCY, async (group) => {
      for (const i of group) results[i] = await settle(rows[i]!);
    });
  }
  for (const { list, view } of results) answer[list].push(view);
  log.info('e-transfer file imported', {
    lines: rows.length,
    ...Object.fromEntries(Object.entries(answer).map(([list, views]) => [list, views.length])),
  });
  return answer;
}

/**
 * Applies a kept line to the registration the admin chose (a proposal, or an ambiguous line resolved): the
 * same transaction as an import's match, so it pays once. 409 when the line was applied already, the
 * registration does not await an e-Transfer, or the amounts differ.
 */
export async function applyEtransferRow(
  rowId: string,
  tryoutId: string,
  admin: AccessTokenClaims,
): Promise<EtransferRowView> {
  const ids = tryoutIds.parse(tryoutId);
  const [row, tryout] = await Promise.all([
    etransfers.getRow(rowId),
    ids ? tryoutsTable.getTryout(ids.seasonId, ids.playerId) : null,
  ]);
  if (!row) throw new NotFoundError(etransferMessages.rowNotFound);
  if (row.state === 'applied') throw new ConflictError(etransferMessages.rowApplied);
  if (!tryout) throw new NotFoundError(serverMessages.registrationNotFound);
  if (!awaits(tryout)) throw new ConflictError(etransferMessages.registrationNotWaiting);
  if (tryout.amount_cents !== row.amount_cents) throw new ConflictError(etransferMessages.rowAmount);
  const view: EtransferRowView = {
    row_id: row.row_id,
    date: row.date,
    sender: row.sender,
    amount_cents: row.amount_cents,
    message: row.message,
  };
  const out = await receive(tryout, { by: admin, row: view });
  if (out.outcome === 'row-applied') throw new ConflictError(etransferMessages.rowApplied);
  if (out.outcome !== 'received') throw new ConflictError(etransferMessages.registrationNotWaiting);
  log.info('e-transfer line applied', { tryoutId });
  return { ...view, tryout_id: tryout.id, player_name: `${tryout.first_name} ${tryout.last_name}` };
}
