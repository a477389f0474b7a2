/**
 * GET /admin/tryouts/page (issue 43): the admin's registrations list a page at a time, so a request reads
 * the same few items in a season of 300 as of 3,000, and the pages, followed by their cursor, list every
 * registration once, whatever is written meanwhile.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutPage, AdminTryoutRow } from '@club/shared';
import { seasonMoney } from '@club/shared/season-money';
import { countDynamoCommands, countDynamoItems } from '../../dev/count-commands';
import { call } from '../../../test/api';
import { createAdmin, seedRegistrations } from '../../../test/admin';
import { openSeason, registeredPlayer } from '../../../test/players';
import { paidByCard } from '../../../test/stripe';

const UNKNOWN = '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11';

async function page(token: string, query: Record<string, string>): Promise<AdminTryoutPage> {
  const res = await call('listTryoutPage', { token, query });
  if (res.status !== 200) throw new Error(`page answered ${res.status}: ${res.body.message}`);
  return res.body as unknown as AdminTryoutPage;
}

/** Every page of a season, following the cursor; `between` runs after each page but the last. */
async function allPages(
  token: string,
  seasonId: string,
  limit: string,
  between: (n: number) => Promise<void> = async () => {},
): Promise<AdminTryoutPage[]> {
  const pages: AdminTryoutPage[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(token, { season_id: seasonId, limit, ...(cursor ? { cursor } : {}) });
    pages.push(next);
    cursor = next.next_cursor;
    if (cursor) await between(pages.length);
  } while (cursor);
  return pages;
}

async function fullList(token: string, seasonId: string): Promise<AdminTryoutRow[]> {
  const res = await call('listTryouts', { token, query: { season_id: seasonId } });
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${res.body.message}`);
  return res.body as unknown as AdminTryoutRow[];
}

describe('GET /admin/tryouts/page', () => {
  it('reads no more registrations than the page holds, in a season of 300 as in one of 30', async () => {
    // Prepare
    const admin = await createAdmin();
    const large = await openSeason();
    const small = await openSeason({ name: 'Small season' });
    expect(await seedRegistrations(large.id, 300)).toHaveLength(300);
    expect(await seedRegistrations(small.id, 30)).toHaveLength(30);

    // Act
    let first: AdminTryoutPage | undefined;
    const largeItems = await countDynamoItems(
      async () => (first = await page(admin.token, { season_id: large.id, limit: '25' })),
    );
    const smallItems = await countDynamoItems(() => page(admin.token, { season_id: small.id, limit: '25' }));
    const wholeItems = await countDynamoItems(() => fullList(admin.token, large.id));

    // Assess: the admin check's two reads, the season item and 25 registrations, whichever the season; the
    // whole list reads them all.
    expect(first!.rows).toHaveLength(25);
    expect(first!.next_cursor).toEqual(expect.any(String));
    expect(largeItems).toBe(28);
    expect(smallItems).toBe(28);
    expect(wholeItems).toBe(303);
  });

  it('answers 250 rows when the caller names no size, and no Scan', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    expect(await seedRegistrations(season.id, 260)).toHaveLength(260);

    let first: AdminTryoutPage | undefined;
    const commands = await countDynamoCommands(
      async () => (first = await page(admin.token, { season_id: season.id })),
    );

    expect(first!.rows).toHaveLength(250);
    expect(commands.ScanCommand).toBeUndefined();
  });

  it('follows its cursor through the season: every registration once, as the whole list shows it', async () => {
    // Prepare: numbers 151-300 written first, then 1-150, and a refunded card payment among them.
    const admin = await createAdmin();
    const season = await openSeason();
    expect(await seedRegistrations(season.id, 150, { firstNumber: 151 })).toHaveLength(150);
    expect(await seedRegistrations(season.id, 150, { firstNumber: 1 })).toHaveLength(150);
    const paid = await paidByCard(season.id);
    const refunded = await call('refundTryout', {
      token: admin.token,
      params: { id: paid.tryoutId },
      body: { amount_cents: 1500, reason: 'Missed one session', idempotency_key: crypto.randomUUID() },
    });
    expect(refunded.status).toBe(200);

    // Act
    const pages = await allPages(admin.token, season.id, '70');
    const whole = await fullList(admin.token, season.id);

    // Assess: 301 rows in pages of 70, each once, each as the whole list has it (the refund too).
    expect(pages.map((p) => p.rows.length)).toEqual([70, 70, 70, 70, 21]);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const rows = pages.flatMap((p) => p.rows);
    expect(new Set(rows.map((r) => r.id)).size).toBe(301);
    const byId = (a: AdminTryoutRow, b: AdminTryoutRow) => a.id.localeCompare(b.id);
    expect([...rows].sort(byId)).toEqual([...whole].sort(byId));
    expect(rows.find((r) => r.id === paid.tryoutId)).toMatchObject({
      amount_refunded_cents: 1500,
      refunds: [expect.objectContaining({ amount_cents: 1500, reason: 'Missed one session' })],
    });
  });

  it('misses and repeats no registration while families register, pay and withdraw between its pages', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason();
    const seeded = await seedRegistrations(season.id, 200);
    expect(seeded).toHaveLength(200);
    const cash = await Promise.all([1, 2, 3].map(() => registeredPlayer('cash')));
    const card = await Promise.all([1, 2, 3].map(() => registeredPlayer('stripe')));
    const before = new Set([
      ...seeded.map((s) => s.id),
      ...[...cash, ...card].map((p) => `${season.id}.${p.id}`),
    ]);

    // Act: while the admin pages through, families register, pay and withdraw, all at once.
    const pages = await allPages(admin.token, season.id, '40', async (n) => {
      if (n !== 2) return;
      const changes = await Promise.all([
        ...[1, 2, 3, 4].map(() => registeredPlayer('cash')),
        ...[1, 2].map(() => paidByCard(season.id)),
        ...cash.map((p) => call('withdrawMyTryout', { token: p.token })),
      ]);
      expect(changes).toHaveLength(9);
    });

    // Assess: every registration there from the start is listed once; the counts then equal a recount.
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(ids.length).toBe(new Set(ids).size);
    expect([...before].filter((id) => !ids.includes(id))).toEqual([]);
    const settled = (await allPages(admin.token, season.id, '40')).flatMap((p) => p.rows);
    const whole = await fullList(admin.token, season.id);
    expect(settled).toHaveLength(212);
    expect(seasonMoney(settled)).toEqual(seasonMoney(whole));
    expect(seasonMoney(settled)).toMatchObject({ cardPaidCents: 2 * 4500, cashDue: 204, pending: 3 });
  });

  it('takes 1 to 500 rows a page, and refuses a cursor of another season or none of ours', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const other = await openSeason({ name: 'Other season' });
    expect(await seedRegistrations(season.id, 3)).toHaveLength(3);
    expect(await seedRegistrations(other.id, 3)).toHaveLength(3);
    const otherCursor = (await page(admin.token, { season_id: other.id, limit: '1' })).next_cursor!;
    const ask = (query: Record<string, string>) => call('listTryoutPage', { token: admin.token, query });

    const answers = {
      one: await ask({ season_id: season.id, limit: '1' }),
      most: await ask({ season_id: season.id, limit: '500' }),
      none: await ask({ season_id: season.id, limit: '0' }),
      tooMany: await ask({ season_id: season.id, limit: '501' }),
      notNumber: await ask({ season_id: season.id, limit: 'ten' }),
      otherSeason: await ask({ season_id: season.id, cursor: otherCursor }),
      garbage: await ask({ season_id: season.id, cursor: 'bm90LW91cnM' }),
      unknownSeason: await ask({ season_id: UNKNOWN }),
    };

    expect((answers.one.body as unknown as AdminTryoutPage).rows).toHaveLength(1);
    expect((answers.most.body as unknown as AdminTryoutPage).rows).toHaveLength(3);
    expect((answers.most.body as unknown as AdminTryoutPage).next_cursor).toBeNull();
    expect(answers.none.status).toBe(400);
    expect(answers.tooMany.status).toBe(400);
    expect(answers.notNumber.status).toBe(400);
    expect(answers.otherSeason).toMatchObject({ status: 400, body: { message: 'Invalid request.' } });
    expect(answers.garbage).toMatchObject({ status: 400, body: { message: 'Invalid request.' } });
    expect(answers.unknownSeason).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
  });
});
