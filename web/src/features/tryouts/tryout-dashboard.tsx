/**
 * The dashboard's tryout part (spec §2 /dashboard, §4 payment): the notice a cash registration carries, the
 * "Finalizing your payment…" banner on the way back from checkout, and the player's registration card or the
 * invitation to join.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { formatCad } from '@club/shared/tryouts';
import type { MyTryout, Season } from '@club/shared/types';
import { OpeningNotice, OpensOn } from '../../components/opening-notice';
import { callApi } from '../../lib/api-client';
import { useSettled } from '../../lib/reveal-together';
import { useSession } from '../../lib/session-context';
import { fetchActiveSeason } from '../../lib/active-season';
import { confirmPayment, getMyTryout } from './api';
import { FamilyRegistrations } from './family-registrations';
import { tryoutMessages as t } from './messages';
import { teamFeeMessages } from './team-fee-messages';
import { RegistrationCard } from './registration-card';
import type { DashboardNotice } from './tryout-form';
import './tryouts.css';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | {
      kind: 'ready';
      tryout: MyTryout | null;
      /** False for a parent's or guardian's account: no athlete of its own to invite to register. */
      ownAthlete?: boolean;
      /** A parent's account with no child yet (issue 36): the next step is to add one. */
      noAthletes?: boolean;
      /** The active season (null: none), read for whether and when it takes registrations. */
      season?: Season | null;
    };

/**
 * Whether the signed-in account is an athlete of its household (a player's account; true when unknown), and
 * whether the household has no athlete at all (a parent who has not added a child yet).
 */
async function householdShape(
  userId: string | undefined,
): Promise<{ ownAthlete: boolean; noAthletes: boolean }> {
  if (!userId) return { ownAthlete: true, noAthletes: false };
  try {
    const household = await callApi('getHousehold');
    return {
      ownAthlete: household.athletes.some((a) => a.id === userId),
      noAthletes: household.athletes.length === 0,
    };
  } catch {
    return { ownAthlete: true, noAthletes: false };
  }
}

/** A parent with no child on the account yet (issue 36): the one next step, said plainly. */
function AddChildFirst({ season }: { season: Season | null }) {
  const open = season?.is_registration_open === true;
  return (
    <section className="tryout-panel tryout-next" aria-labelledby="next-title">
      <h2 id="next-title">{t.nextAddChildTitle}</h2>
      {open ? (
        <>
          <p>{t.nextAddChildOpen(season.name)}</p>
          <p className="tryout-actions">
            <Link className="button" to="/tryout">
              {t.addChildAndRegister}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t.nextAddChildClosed}</p>
          <ClosedNow season={season} />
        </>
      )}
    </section>
  );
}

/**
 * "Ready to Join?" (spec §2). While the active season takes registrations it leads straight to the form
 * (issue 18); otherwise it says registration is closed, when it opens if the season says, offers "E-mail me
 * when it opens", and links to /TryoutsClosed as the spec has it.
 */
function ReadyToJoinCard({ season }: { season: Season | null }) {
  const open = season?.is_registration_open === true;
  return (
    <section className="tryout-panel" aria-labelledby="ready-title">
      <h2 id="ready-title">{t.readyTitle}</h2>
      <p>{t.readyDetail}</p>
      {open ? <p>{t.registrationOpenNow(season.name)}</p> : <ClosedNow season={season} />}
      <p className="tryout-actions">
        <Link
          className={open ? 'button' : 'button button-secondary'}
          to={open ? '/tryout' : '/TryoutsClosed'}
        >
          {t.readyLink}
        </Link>
      </p>
    </section>
  );
}

/** Registration closed: when it opens, if the season says, and the one-click list. */
function ClosedNow({ season }: { season: Season | null }) {
  return (
    <>
      <p>{t.registrationClosedNow}</p>
      <OpensOn date={season?.registration_opens_on} />
      <OpeningNotice />
    </>
  );
}

/** A parent's or guardian's dashboard while registration is closed: the same news, without "Ready to Join?". */
function ClosedForFamily({ season }: { season: Season | null }) {
  return (
    <section className="tryout-panel" aria-labelledby="closed-title">
      <h2 id="closed-title">{t.closedFamilyTitle}</h2>
      <ClosedNow season={season} />
    </section>
  );
}

/** After a 202 (issue 43): looks for the numbers every 10 s, six times ("within a minute"). */
const LOOK_AGAIN_MS = 10_000;
const LOOKS_FOR_NUMBERS = 6;

export function TryoutDashboard() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // The checkout session the player came back from, read once: cleaning the address must not start over.
  const [returningFrom] = useState(() => params.get('session_id'));
  const [finalizing, setFinalizing] = useState(Boolean(returningFrom));
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const given = (location.state as Partial<DashboardNotice> | null)?.notice;
  // Registered with the numbers to follow (issue 43): read again every 10 s for a minute, so each number
  // shows as it arrives, with no reload.
  const [numbersFollow] = useState(
    () => (location.state as Partial<DashboardNotice> | null)?.numbersFollow === true,
  );
  const [lookedAgain, setLookedAgain] = useState(0);
  useEffect(() => {
    if (!numbersFollow || lookedAgain >= LOOKS_FOR_NUMBERS) return;
    const timer = setTimeout(() => setLookedAgain((n) => n + 1), LOOK_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [numbersFollow, lookedAgain]);
  // "You're registered!" belongs to the moment it was said (issue 42): it is taken off the history entry at
  // once, so a reload, or the tab reopened the next day, never shows it again, above a result or otherwise.
  const [notice, setNotice] = useState(given);
  if (given && given !== notice) setNotice(given);
  useEffect(() => {
    if (given) navigate(location.pathname, { replace: true, state: null });
  }, [given, location.pathname, navigate]);
  useSettled(load.kind !== 'loading');

  useEffect(() => {
    let current = true;
    void (async () => {
      let paid = false;
      let teamFee: number | undefined;
      if (returningFrom && !lookedAgain) {
        try {
          const confirmed = await confirmPayment(returningFrom);
          paid = confirmed.payment_status === 'paid';
          // A team fee's return (issue 45 §4) is told as such, not as a registration.
          teamFee = confirmed.team_fee_cents;
        } catch {
          // Tolerated (spec §7): the payment provider's webhook settles the payment either way, and the
          // record loaded next shows where it stands.
        }
      }
      let next: LoadState;
      try {
        const [tryout, shape, season] = await Promise.all([
          getMyTryout(),
          householdShape(user?.id),
          fetchActiveSeason().catch(() => null),
        ]);
        next = { kind: 'ready', tryout, ...shape, season };
      } catch {
        next = { kind: 'failed' };
      }
      if (!current) return;
      setLoad(next);
      if (returningFrom && !lookedAgain) {
        setFinalizing(false);
        // Paid: the family is told so in words, with what was paid (issue 18).
        const amount = next.kind === 'ready' ? next.tryout?.amount_paid_cents : undefined;
        const state: DashboardNotice | null = paid
          ? {
              notice:
                teamFee !== undefined
                  ? teamFeeMessages.paidNotice(teamFee)
                  : amount
                    ? t.registeredPaid(formatCad(amount))
                    : t.registeredPaidFamily,
            }
          : null;
        navigate('/dashboard', { replace: true, state });
      }
    })();
    return () => {
      current = false;
    };
  }, [returningFrom, navigate, user?.id, lookedAgain]);

  return (
    <div className="tryout-dashboard">
      {finalizing ? (
        <p role="status" className="tryout-banner">
          {t.finalizing}
        </p>
      ) : null}
      {notice && !(load.kind === 'ready' && load.tryout?.result) ? (
        <p role="status" className="form-success tryout-notice">
          {notice}
        </p>
      ) : null}
      {load.kind === 'loading' && !finalizing ? (
        <p role="status" className="tryout-loading">
          {t.loadingTryout}
        </p>
      ) : null}
      {load.kind === 'failed' ? (
        <p role="alert" className="form-error">
          {t.loadTryoutFailed}
        </p>
      ) : null}
      {load.kind === 'ready' ? (
        load.tryout ? (
          <RegistrationCard tryout={load.tryout} onChanged={(tryout) => setLoad({ ...load, tryout })} />
        ) : load.noAthletes ? (
          <AddChildFirst season={load.season ?? null} />
        ) : load.ownAthlete === false ? (
          load.season?.is_registration_open ? null : (
            <ClosedForFamily season={load.season ?? null} />
          )
        ) : (
          <ReadyToJoinCard season={load.season ?? null} />
        )
      ) : null}
      {/* After the return from checkout is confirmed, so a family checkout's cards show it paid. */}
      {load.kind === 'loading' ? null : <FamilyRegistrations readAgain={lookedAgain} />}
    </div>
  );
}
