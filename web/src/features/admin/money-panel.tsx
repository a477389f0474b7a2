/**
 * The treasurer's view (issue 46 §3), a fold of the admin's season: per fee (tryout, team) and method (card,
 * cash, e-Transfer, instalment plan) what is expected, collected, still owed, refunded, disputed and what Stripe
 * kept, with the totals, and the CSV of every payment and refund. Read from GET /admin/seasons/{id}/money when
 * opened (and on Refresh); the CSV is fetched with the bearer token and saved under the server's name.
 */
import { useCallback, useState } from 'react';
import {
  MONEY_FEE_LABELS,
  MONEY_METHOD_LABELS,
  type MoneyFigures,
  type SeasonMoneyView,
} from '@club/shared/money-ledger';
import { formatCad } from '@club/shared/money';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { callApi, downloadApi } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { moneyPanelMessages as t } from './money-panel-messages';
import './money-panel.css';

type Loaded = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; money: SeasonMoneyView };

/** The figures' cells, each labelled by its column (phones show each line as a card). */
function Figures({ figures }: { figures: MoneyFigures }) {
  const cells: Array<[string, string]> = [
    [t.count, String(figures.count)],
    [t.expected, formatCad(figures.expected_cents)],
    [t.collected, formatCad(figures.collected_cents)],
    [t.outstanding, formatCad(figures.outstanding_cents)],
    [t.refunded, formatCad(figures.refunded_cents)],
    [t.disputed, formatCad(figures.disputed_cents)],
    [t.stripeFees, figures.stripe_fee_cents === null ? t.notReported : formatCad(figures.stripe_fee_cents)],
  ];
  return (
    <>
      {cells.map(([label, value]) => (
        <td key={label} data-label={label} className="money-amount">
          {value}
        </td>
      ))}
    </>
  );
}

function MoneyTable({ money }: { money: SeasonMoneyView }) {
  if (!money.lines.length) return <p className="admin-empty">{t.nothing}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table money-table">
        <caption className="visually-hidden">{t.caption(money.season_name)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.fee}</th>
            <th scope="col">{t.method}</th>
            <th scope="col" className="money-amount">
              {t.count}
            </th>
            <th scope="col" className="money-amount">
              {t.expected}
            </th>
            <th scope="col" className="money-amount">
              {t.collected}
            </th>
            <th scope="col" className="money-amount">
              {t.outstanding}
            </th>
            <th scope="col" className="money-amount">
              {t.refunded}
            </th>
            <th scope="col" className="money-amount">
              {t.disputed}
            </th>
            <th scope="col" className="money-amount">
              {t.stripeFees}
            </th>
          </tr>
        </thead>
        <tbody>
          {money.lines.map((line) => (
            <tr key={`${line.fee}-${line.method}`} className="admin-row">
              <th scope="row" className="money-fee">
                {MONEY_FEE_LABELS[line.fee]}
              </th>
              <td data-label={t.method} className="money-method">
                {MONEY_METHOD_LABELS[line.method]}
              </td>
              <Figures figures={line} />
            </tr>
          ))}
          <tr className="admin-row money-total">
            <th scope="row" colSpan={2} className="money-fee">
              {t.total}
            </th>
            <Figures figures={money.totals} />
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function MoneyPanel({ season, notify }: { season: AdminSeason; notify: Notify }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  const [downloading, setDownloading] = useState(false);

  const load = useCallback(async () => {
    setLoaded((now) => (now.state === 'ready' ? now : { state: 'loading' }));
    try {
      setLoaded({ state: 'ready', money: await callApi('getSeasonMoney', { params: { id: season.id } }) });
    } catch {
      setLoaded({ state: 'failed' });
    }
  }, [season.id]);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const file = await downloadApi('exportSeasonMoney', 'text/csv', { params: { id: season.id } });
      saveFile(file.blob, file.filename ?? 'season-money.csv');
    } catch {
      notify.error(t.csvFailed);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <details
      className="admin-disclosure admin-money"
      onToggle={(e) => {
        if (e.currentTarget.open) void load();
      }}
    >
      <summary>{t.title}</summary>
      <p className="form-note">{t.intro}</p>
      <div className="money-tools">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={downloading || undefined}
          onClick={() => void download()}
        >
          {downloading ? t.preparingCsv : t.downloadCsv}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void load()}>
          {t.refresh}
        </button>
        <span className="money-csv-note">{t.csvNote}</span>
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="admin-empty">
          {t.loading}
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <p role="alert" className="form-error">
          {t.failed}
        </p>
      ) : null}
      {loaded.state === 'ready' ? (
        <>
          <MoneyTable money={loaded.money} />
          {loaded.money.lines.length ? (
            <p className="money-net">
              {t.net(formatCad(loaded.money.totals.collected_cents - loaded.money.totals.refunded_cents))}
            </p>
          ) : null}
        </>
      ) : null}
    </details>
  );
}
