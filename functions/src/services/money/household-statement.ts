/**
 * A household's statement for a calendar year (issue 46 §3): every payment and refund of its children, in any
 * season, whose day in Edmonton falls in that year, and the net. The same derivation as the treasurer's view
 * (ledger.ts), fed only the household's own items: another family's never reach it.
 */
import { todayInClubZone, type AccessTokenClaims, type HouseholdStatement } from '@club/shared';
import { readPlayersMoneyItems } from '../../db/money/season-money-items';
import * as seasonsTable from '../../db/seasons/seasons';
import { athletesOf } from '../households/households';
import { deriveLedger } from './ledger';

/** GET /households/mine/statement?year=: this year (Edmonton) when none is given. */
export async function getHouseholdStatement(
  caller: AccessTokenClaims,
  year: number | undefined,
  now: Date = new Date(),
): Promise<HouseholdStatement> {
  const wanted = year ?? Number(todayInClubZone(now).slice(0, 4));
  const [athletes, seasons] = await Promise.all([athletesOf(caller), seasonsTable.listSeasons()]);
  // Money moves only once a season exists: one made after the year ends holds none of that year's.
  const candidates = seasons.filter(
    (s) => Number(todayInClubZone(new Date(s.createdAt)).slice(0, 4)) <= wanted,
  );
  if (!athletes.length || !candidates.length) return statementOf(wanted, []);
  const items = await readPlayersMoneyItems(
    candidates.map((s) => s.id),
    athletes.map((a) => a.id),
  );
  return statementOf(
    wanted,
    candidates.flatMap((season) => {
      const mine = items.get(season.id);
      return mine ? [{ name: season.name, items: mine }] : [];
    }),
  );
}

/**
 * The statement of `year` from the household's own items, season by season: the entries whose day in Edmonton
 * falls in that year (a payment at 11:30 pm on December 31 there is that year's, whatever UTC says), oldest
 * first, and their sums.
 */
export function statementOf(
  year: number,
  seasons: ReadonlyArray<{ name: string; items: Parameters<typeof deriveLedger>[0] }>,
): HouseholdStatement {
  const statement: HouseholdStatement = { year, entries: [], paid_cents: 0, refunded_cents: 0, net_cents: 0 };
  for (const season of seasons) {
    for (const entry of deriveLedger(season.items).entries) {
      const date = todayInClubZone(new Date(entry.at));
      if (Number(date.slice(0, 4)) !== year) continue;
      statement.entries.push({
        date,
        season_name: season.name,
        child: entry.child,
        fee: entry.fee,
        method: entry.method,
        kind: entry.kind,
        amount_cents: entry.amount_cents,
        reference: entry.reference,
      });
      if (entry.kind === 'payment') statement.paid_cents += entry.amount_cents;
      else statement.refunded_cents -= entry.amount_cents;
    }
  }
  statement.entries.sort((a, b) => a.date.localeCompare(b.date));
  statement.net_cents = statement.paid_cents - statement.refunded_cents;
  return statement;
}
