/**
 * /dashboard/statement (issue 46 §3): the household's payments and refunds of a calendar year (Edmonton),
 * every child's tryout and team fees, and the net, on one page to print or save for taxes. Read from
 * GET /households/mine/statement?year=.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { todayInClubZone } from '@club/shared/dates';
import { formatCad } from '@club/shared/money';
import { MONEY_FEE_LABELS, MONEY_METHOD_LABELS, type HouseholdStatement } from '@club/shared/money-ledger';
import { callApi, serverMessageOr } from '../lib/api-client';
import '../features/household/statement.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; statement: HouseholdStatement };

/** This year and the three before it: what a family asks for (a tax year, last season's). */
function yearsToChoose(): number[] {
  const thisYear = Number(todayInClubZone().slice(0, 4));
  return [thisYear, thisYear - 1, thisYear - 2, thisYear - 3];
}

/** "2026-03-02" → "Mar 2, 2026", as the club writes dates. */
function dayText(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-CA', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

export function StatementPage() {
  const years = yearsToChoose();
  const [year, setYear] = useState(years[0]!);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const yearId = useId();

  useEffect(() => {
    let current = true;
    callApi('getHouseholdStatement', { query: { year: String(year) } }).then(
      (statement) => current && setLoaded({ state: 'ready', statement }),
      (error: unknown) =>
        current &&
        setLoaded({
          state: 'failed',
          message: serverMessageOr(error, 'Your statement could not load. Try again.'),
        }),
    );
    return () => {
      current = false;
    };
  }, [year]);

  return (
    <section className="pay-statement" aria-labelledby="statement-title">
      <div className="pay-statement-head">
        <div>
          <h1 id="statement-title">Payments statement {year}</h1>
          <p>Every payment and refund of your household’s athletes in {year} (Edmonton time).</p>
        </div>
        <div className="pay-statement-tools">
          <label htmlFor={yearId}>
            Year
            <select
              id={yearId}
              value={year}
              onChange={(e) => {
                setLoaded({ state: 'loading' });
                setYear(Number(e.target.value));
              }}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
          <Link className="button button-secondary" to="/dashboard">
            Back to your dashboard
          </Link>
        </div>
      </div>
      {loaded.state === 'loading' ? <p role="status">Loading your statement…</p> : null}
      {loaded.state === 'failed' ? (
        <p role="alert" className="form-error">
          {loaded.message}
        </p>
      ) : null}
      {loaded.state === 'ready' ? <StatementTable statement={loaded.statement} /> : null}
    </section>
  );
}

function StatementTable({ statement }: { statement: HouseholdStatement }) {
  if (!statement.entries.length) {
    return <p className="pay-statement-empty">No payments or refunds in {statement.year}.</p>;
  }
  return (
    <div className="pay-statement-table-wrap">
      <table className="pay-statement-table">
        <caption className="visually-hidden">Payments and refunds in {statement.year}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Athlete and fee</th>
            <th scope="col" className="pay-statement-amount">
              Amount
            </th>
            <th scope="col">Reference</th>
          </tr>
        </thead>
        <tbody>
          {statement.entries.map((e, i) => (
            <tr key={`${e.reference}-${e.kind}-${i}`}>
              <td className="pay-statement-date">{dayText(e.date)}</td>
              <td className="pay-statement-what">
                {e.child} · {MONEY_FEE_LABELS[e.fee]}, {e.season_name} · {MONEY_METHOD_LABELS[e.method]}
                {e.kind === 'refund' ? ' · Refund' : ''}
              </td>
              <td className="pay-statement-amount">{formatCad(e.amount_cents)}</td>
              <td className="pay-statement-reference">{e.reference}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Paid
            </th>
            <td className="pay-statement-amount">{formatCad(statement.paid_cents)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Refunded
            </th>
            <td className="pay-statement-amount">{formatCad(-statement.refunded_cents)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Net
            </th>
            <td className="pay-statement-amount">{formatCad(statement.net_cents)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
