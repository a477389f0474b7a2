/**
 * The offers board (issue 45 §5), a fold of the admin's season: each team (of one age group, or all) with its
 * places, its offers counted by state, its alternates in order with where each stands, and the fees collected
 * and still owed. Each player holding (or who held) an offer is listed with the team fee: Cash collected when
 * the team takes cash, and a refund (amount and reason, made once per key however often it is sent). Read from
 * GET /admin/seasons/{id}/offers-board when opened, and again after each change.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import type {
  AdminOfferFee,
  OffersBoard as Board,
  OffersBoardPlayer,
  OffersBoardTeam,
} from '@club/shared/team-fees';
import { centsToDollars, dollarsToCents, formatCad } from '@club/shared/tryouts';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { offersBoardMessages as t } from './offers-board-messages';
import './offers-board.css';

type Loaded = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; board: Board };

/** A paid instalment of a fee on a card plan, and what can still be refunded of it. */
export interface RefundableInstalment {
  n: number;
  amount_cents: number;
  paid_at: string | null;
  left_cents: number;
}

/**
 * A fee paid by card in instalments (issue 46) is refunded one payment at a time: each paid instalment with
 * what is left of it (its amount less the refunds named for it, pending ones included, as the server holds
 * it). Null for any other fee, which is refunded as one payment.
 */
function refundableInstalments(fee: AdminOfferFee): RefundableInstalment[] | null {
  if (fee.fee_method !== 'stripe' || !fee.instalments) return null;
  return fee.instalments
    .filter((i) => i.state === 'paid')
    .map((i) => {
      const asked = fee.refunds
        .filter((r) => r.instalment === i.n)
        .reduce((sum, r) => sum + r.amount_cents, 0);
      return {
        n: i.n,
        amount_cents: i.amount_cents,
        paid_at: i.paid_at,
        left_cents: Math.max(0, i.amount_cents - asked),
      };
    });
}

export function OffersBoard({ season, notify }: { season: AdminSeason; notify: Notify }) {
  const [group, setGroup] = useState<AgeGroup | ''>('');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  const selectId = useId();

  const load = useCallback(
    async (ageGroup: AgeGroup | '') => {
      setLoaded((now) => (now.state === 'ready' ? now : { state: 'loading' }));
      try {
        const board = await callApi('getOffersBoard', {
          params: { id: season.id },
          query: ageGroup ? { age_group: ageGroup } : {},
        });
        setLoaded({ state: 'ready', board });
      } catch {
        setLoaded({ state: 'failed' });
      }
    },
    [season.id],
  );

  return (
    <details
      className="admin-disclosure admin-offers-board"
      onToggle={(e) => {
        if (e.currentTarget.open) void load(group);
      }}
    >
      <summary>{t.title}</summary>
      <div className="offers-board-tools">
        <label htmlFor={selectId}>{t.ageGroup}</label>
        <select
          id={selectId}
          value={group}
          onChange={(e) => {
            const next = e.target.value as AgeGroup | '';
            setGroup(next);
            void load(next);
          }}
        >
          <option value="">{t.allGroups}</option>
          {season.age_groups.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
        <button type="button" className="button button-secondary" onClick={() => void load(group)}>
          {t.refresh}
        </button>
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
        <div className="offers-board">
          {loaded.board.offers_published_at ? null : <p className="offers-board-note">{t.notPublished}</p>}
          {loaded.board.teams.length === 0 ? <p className="admin-empty">{t.noTeams}</p> : null}
          {loaded.board.teams.map((team) => (
            <TeamCard key={team.id} team={team} notify={notify} onChanged={() => void load(group)} />
          ))}
        </div>
      ) : null}
    </details>
  );
}

function TeamCard({
  team,
  notify,
  onChanged,
}: {
  team: OffersBoardTeam;
  notify: Notify;
  onChanged: () => void;
}) {
  const facts: Array<[string, string | number]> = [
    [t.places, team.capacity],
    [t.counts.accepted, team.counts.accepted],
    [t.counts.offered, team.counts.offered],
    [t.counts.declined, team.counts.declined],
    [t.counts.expired, team.counts.expired],
    [t.counts.rescinded, team.counts.rescinded],
    [t.open, team.open_places],
    [t.collected, formatCad(team.fees_collected_cents)],
    [t.owed, formatCad(team.fees_owed_cents)],
  ];
  return (
    <section className="offers-team" aria-label={team.name}>
      {/* h2: the board is a fold of the admin's page (h1), as the Teams fold's team cards are. */}
      <h2>
        {team.name} <span className="offers-team-group">{team.age_group}</span>
      </h2>
      <p className="offers-team-fee">
        {team.fee_cents > 0 ? t.fee(team.fee_cents, team.cash_accepted) : t.noFee}
      </p>
      <dl className="offers-team-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t.alternates}</h3>
      {team.alternates.length ? (
        <ol className="offers-alternates">
          {team.alternates.map((a) => (
            <li key={a.tryout_id}>
              <span>
                #{a.tryout_number} {a.first_name} {a.last_name}
              </span>
              <span className={`offers-state offers-state-${a.state}`}>{t.state[a.state]}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="offers-board-note">{t.noAlternates}</p>
      )}
      <h3>{t.players}</h3>
      {team.players.length ? (
        <ul className="offers-players">
          {team.players.map((p) => (
            <PlayerRow key={p.tryout_id} player={p} team={team} notify={notify} onChanged={onChanged} />
          ))}
        </ul>
      ) : (
        <p className="offers-board-note">{t.noOffers}</p>
      )}
    </section>
  );
}

function PlayerRow({
  player,
  team,
  notify,
  onChanged,
}: {
  player: OffersBoardPlayer;
  team: OffersBoardTeam;
  notify: Notify;
  onChanged: () => void;
}) {
  const { fee } = player;
  const [busy, setBusy] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [ending, setEnding] = useState<'rescinded' | 'expired' | null>(null);
  const canEnd = fee.state === 'offered' || fee.state === 'accepted';
  const who = `${player.first_name} ${player.last_name}`;
  // A fee in instalments (issue 46): its plan under the row, and a declined instalment said on the row itself.
  const plan = fee.instalments && fee.instalments.length > 1 ? fee.instalments : null;
  const declined = plan?.find((i) => i.state === 'declined');
  const canCollect =
    team.cash_accepted && fee.state === 'accepted' && fee.fee_state === 'to_pay' && fee.fee_cents > 0;
  const canUncollect =
    fee.fee_state === 'paid' && fee.fee_method === 'cash' && fee.refund_reserved_cents === 0;
  const paidInstalments = refundableInstalments(fee);
  const left = paidInstalments
    ? paidInstalments.reduce((sum, i) => sum + i.left_cents, 0)
    : fee.fee_state === 'paid'
      ? fee.fee_cents - fee.refund_reserved_cents
      : 0;

  async function cash(collected: boolean) {
    if (busy) return;
    setBusy(true);
    try {
      await callApi('setOfferCash', { params: { offerId: fee.offer_id }, body: { collected } });
      notify.success(collected ? t.cashSaved(who) : t.cashUndone(who));
      onChanged();
    } catch (err) {
      notify.error(serverMessageOr(err, t.cashFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="offers-player">
      <div className="offers-player-head">
        <span className="offers-player-name">
          #{player.tryout_number} {who}
        </span>
        <span className={`offers-state offers-state-${fee.state}`}>
          {fee.withdrawn_after_acceptance ? t.withdrawn : t.state[fee.state]}
        </span>
        {declined ? (
          <span className="offers-state offers-state-instalment-declined">
            {t.instalmentDeclined(declined.n)}
          </span>
        ) : null}
        <span className="offers-player-fee">{t.feeState(fee)}</span>
      </div>
      {plan ? (
        <ol className="offers-instalments" aria-label={t.planLabel(who)}>
          {plan.map((i) => (
            <li key={i.n} className={`offers-instalment offers-instalment-${i.state}`}>
              <span>{t.instalment(i, plan.length)}</span>
              <span className="offers-instalment-state">{t.instalmentState(i)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {canCollect || canUncollect || left > 0 || (canEnd && !ending) ? (
        <p className="offers-player-actions">
          {canCollect ? (
            <button type="button" className="button button-small" onClick={() => void cash(true)}>
              {t.collect}
            </button>
          ) : null}
          {canUncollect ? (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void cash(false)}
            >
              {t.uncollect}
            </button>
          ) : null}
          {left > 0 && !refunding ? (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setRefunding(true)}
            >
              {t.refund}
            </button>
          ) : null}
          {canEnd && !ending ? (
            <>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setEnding('rescinded')}
              >
                {t.rescind}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setEnding('expired')}
              >
                {t.expire}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {ending ? (
        <EndOfferForm
          offerId={fee.offer_id}
          who={who}
          as={ending}
          notify={notify}
          onDone={(changed) => {
            setEnding(null);
            if (changed) onChanged();
          }}
        />
      ) : null}
      {refunding ? (
        <RefundForm
          offerId={fee.offer_id}
          who={who}
          left={left}
          instalments={paidInstalments}
          notify={notify}
          onDone={(changed) => {
            setRefunding(false);
            if (changed) onChanged();
          }}
        />
      ) : null}
    </li>
  );
}

/** Asks before an offer is rescinded or marked expired by hand, with an optional reason (audited). */
function EndOfferForm({
  offerId,
  who,
  as,
  notify,
  onDone,
}: {
  offerId: string;
  who: string;
  as: 'rescinded' | 'expired';
  notify: Notify;
  onDone: (changed: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);
  // The question opens at its reason field, so the keyboard is where the admin types next.
  useEffect(() => reasonRef.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const why = reason.trim();
      await callApi('rescindOffer', { params: { offerId }, body: { as, ...(why ? { reason: why } : {}) } });
      notify.success(as === 'rescinded' ? t.rescinded(who) : t.expiredDone(who));
      onDone(true);
    } catch (err) {
      setError(serverMessageOr(err, t.endFailed));
      setBusy(false);
    }
  }

  return (
    <div role="alertdialog" aria-labelledby={`${id}-ask`}>
      <form className="offers-end" noValidate onSubmit={(e) => void submit(e)}>
        <p id={`${id}-ask`}>{as === 'rescinded' ? t.askRescind(who) : t.askExpire(who)}</p>
        <label htmlFor={`${id}-reason`}>{t.endReason}</label>
        <input
          ref={reasonRef}
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <p className="offers-player-actions">
          <button type="submit" className="button button-small" aria-disabled={busy || undefined}>
            {busy ? t.ending : as === 'rescinded' ? t.confirmRescind : t.confirmExpire}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => onDone(false)}
          >
            {t.cancel}
          </button>
        </p>
      </form>
    </div>
  );
}

/**
 * Amount (all that is left, unless changed) and reason; its key made once and kept until it goes through. A fee
 * on a card plan (issue 46) first asks which paid instalment the money goes back from, the amount then being
 * all that is left of that one.
 */
function RefundForm({
  offerId,
  who,
  left,
  instalments,
  notify,
  onDone,
}: {
  offerId: string;
  who: string;
  left: number;
  instalments: RefundableInstalment[] | null;
  notify: Notify;
  onDone: (changed: boolean) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(
    () => instalments?.find((i) => i.left_cents > 0)?.n ?? null,
  );
  const instalment = instalments?.find((i) => i.n === chosen) ?? null;
  const limit = instalment ? instalment.left_cents : left;
  const [amount, setAmount] = useState(() => centsToDollars(limit));
  const [reason, setReason] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const cents = dollarsToCents(amount);
    if (cents === null || cents < 1 || cents > limit) {
      setError(t.refundTooMuch(limit));
      return;
    }
    if (!reason.trim()) {
      setError(t.refundReason);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await callApi('refundOffer', {
        params: { offerId },
        body: {
          amount_cents: cents,
          reason: reason.trim(),
          idempotency_key: key,
          ...(instalment ? { instalment: instalment.n } : {}),
        },
      });
      notify.success(t.refunded(cents, who));
      onDone(true);
    } catch (err) {
      setError(serverMessageOr(err, t.refundFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="offers-refund" noValidate onSubmit={(e) => void submit(e)}>
      {instalments ? (
        <>
          <label htmlFor={`${id}-instalment`}>{t.refundInstalment}</label>
          <select
            id={`${id}-instalment`}
            aria-describedby={instalment ? `${id}-left` : undefined}
            value={chosen ?? ''}
            onChange={(e) => {
              const next = instalments.find((i) => i.n === Number(e.target.value));
              if (!next) return;
              setChosen(next.n);
              setAmount(centsToDollars(next.left_cents));
              setError(null);
            }}
          >
            {instalments.map((i) => (
              <option key={i.n} value={i.n} disabled={i.left_cents === 0}>
                {t.refundInstalmentOption(i)}
              </option>
            ))}
          </select>
          {instalment ? (
            <p id={`${id}-left`} className="offers-refund-left">
              {t.refundInstalmentLeft(instalment.n, instalment.left_cents)}
            </p>
          ) : null}
        </>
      ) : null}
      <label htmlFor={`${id}-amount`}>{t.refundAmount}</label>
      <input
        id={`${id}-amount`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <label htmlFor={`${id}-reason`}>{t.refundWhy}</label>
      <input id={`${id}-reason`} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <p className="offers-player-actions">
        <button type="submit" className="button button-small" aria-disabled={busy || undefined}>
          {busy ? t.refunding : t.confirmRefund}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
      </p>
    </form>
  );
}
