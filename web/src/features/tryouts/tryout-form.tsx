/**
 * The tryout registration form (spec §2 /tryout, §5): a payment method and an age group, both required, the
 * age-group guidance and the fee. Cash goes to the dashboard with its notice; card leaves for checkout.
 */
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import type { AgeGroup, Division, PaymentMethod } from '@club/shared/constants';
import { fieldMessages } from '@club/shared/messages';
import { TryoutRegistrationSchema } from '@club/shared/schemas';
import { sessionsOf } from '@club/shared/player-sessions';
import { formatCad, groupsFor } from '@club/shared/tryouts';
import type { Athlete, Season } from '@club/shared/types';
import { SessionList } from '../../components/session-list';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { DivisionChoice } from '../../components/division-choice';
import { sayDivision } from './api';
import { useSession } from '../../lib/session-context';
import { AgeGroupGuide } from './age-group-guide';
import {
  NO_TERMS,
  PhotoConsent,
  RegistrationTerms,
  termsMissing,
  termsOf,
  type Terms,
} from './registration-terms';
import { registerTryout } from './api';
import { tryoutMessages as t } from './messages';
import { goToCheckout } from '../../lib/open-checkout';

const ERROR_ID = 'tryout-form-error';

/** What the dashboard reads from the navigation state after a cash registration. */
export interface DashboardNotice {
  notice: string;
}

interface Failure {
  message: string;
  /** The server kept the registration (card checkout could not start): the dashboard is the way on. */
  saved: boolean;
}

/** The chosen group's sessions, before the family pays (issue 15); a note when none are set yet. */
function GroupSessions({ season, group }: { season: Season; group: AgeGroup }) {
  const sessions = sessionsOf(season.sessions, group);
  return (
    <section className="tryout-sessions" aria-live="polite">
      <h2>{t.sessionsTitle(group)}</h2>
      {sessions.length ? (
        <>
          <SessionList sessions={sessions} label={t.sessionsTitle(group)} />
          <p className="form-note">{t.sessionsNote}</p>
        </>
      ) : (
        <p className="form-note">{t.noSessionsYet(group)}</p>
      )}
    </section>
  );
}

export function TryoutForm({ season, player }: { season: Season; player?: Athlete }) {
  const navigate = useNavigate();
  // Free tryouts have no payment step: the registration is sent as cash and the server records it as paid.
  const free = season.tryout_fee_cents === 0;
  const [method, setMethod] = useState<PaymentMethod | ''>(free ? 'cash' : '');
  // Asked of a player who has not said which teams they play on (issue 36).
  const [division, setDivision] = useState<Division | ''>(player?.division ?? '');
  // Only the age groups the player's birth year and division allow (issues 18, 36), youngest first.
  const groups = player
    ? groupsFor({ ...player, division: division || undefined }, season.age_groups, season.reference_year)
    : season.age_groups;
  const [picked, setAgeGroup] = useState<string>('');
  // The youngest that fits is preselected; a choice that no longer fits (another division) is dropped.
  const divisionMissing = Boolean(player) && !division;
  const ageGroup =
    picked && groups.includes(picked as AgeGroup)
      ? picked
      : player && !divisionMissing
        ? (groups[0] ?? '')
        : '';
  const [busy, setBusy] = useState(false);
  const [terms, setTerms] = useState<Terms>(NO_TERMS);
  const [photos, setPhotos] = useState(false);
  const [termsInvalid, setTermsInvalid] = useState(false);
  const { user } = useSession();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);

  /** Shows a message and moves focus to it, so a keyboard or screen-reader user lands on what went wrong. */
  function fail(next: Failure) {
    flushSync(() => setFailure(next));
    errorRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(TryoutRegistrationSchema, { payment_method: method, age_group: ageGroup });
    if (!parsed.success) {
      setChoiceMissing(true);
      fail({ message: fieldMessages.tryoutChoiceRequired, saved: false });
      return;
    }
    setChoiceMissing(false);
    if (termsMissing(season, terms)) {
      setTermsInvalid(true);
      fail({ message: fieldMessages.waiverRequired, saved: false });
      return;
    }
    setTermsInvalid(false);
    setFailure(null);
    setBusy(true);
    try {
      // Said once, kept on the athlete: the next season asks no more (issue 36).
      if (player && division && player.division !== division) await sayDivision(player.id, division);
      const { url, tryout } = await registerTryout({
        ...parsed.output,
        ...(photos ? { photo_consent: true } : {}),
        ...termsOf(season, terms),
      });
      if (parsed.output.payment_method === 'stripe' && url) {
        // Stays busy: the page is leaving for the payment provider's checkout (spec §4).
        goToCheckout(url);
        return;
      }
      // Asked about financial support by card (issue 42): nothing charged, the club answers first.
      const state: DashboardNotice | null = tryout.support_answer_pending
        ? { notice: t.supportRegistered }
        : parsed.output.payment_method === 'cash' && !free
          ? { notice: t.cashRegistered }
          : null;
      navigate('/dashboard', { replace: true, state });
    } catch (error) {
      setBusy(false);
      fail({
        message: serverMessageOr(error, t.registrationFailed),
        saved: error instanceof ApiError && error.status === 503,
      });
    }
  }

  const describedBy = choiceMissing && failure ? ERROR_ID : undefined;

  return (
    <form className="auth-form tryout-form" noValidate onSubmit={(e) => void submit(e)}>
      {player ? (
        <p className="tryout-who">{t.registeringWho(`${player.first_name} ${player.last_name}`)}</p>
      ) : null}
      {/* Asked, not required, on the spec's own form: a player who skips it is offered every group their
          birth year allows, as the spec has it (issue 36 asks it once; the family form requires it). */}
      {player && !player.division ? (
        <DivisionChoice id="tryout" value={division} disabled={busy} onChange={setDivision} />
      ) : null}
      <div className="form-field">
        <label htmlFor="age_group">{t.ageGroup}</label>
        <select
          id="age_group"
          name="age_group"
          value={ageGroup}
          disabled={busy}
          aria-invalid={choiceMissing && !ageGroup}
          aria-describedby={describedBy}
          onChange={(e) => setAgeGroup(e.target.value)}
        >
          <option value="">{t.ageGroupPlaceholder}</option>
          {groups.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
      </div>

      <AgeGroupGuide groups={season.age_groups} referenceYear={season.reference_year} />

      {ageGroup ? <GroupSessions season={season} group={ageGroup as AgeGroup} /> : null}

      {free ? (
        <p className="tryout-fee">
          <strong>{t.freeTryouts}</strong>
        </p>
      ) : (
        <p className="tryout-fee">
          <strong>{t.fee(formatCad(season.tryout_fee_cents))}</strong>
          <span>{t.feeDetail}</span>
        </p>
      )}

      {free ? null : (
        <fieldset className="form-group" disabled={busy}>
          <legend>{t.paymentMethod}</legend>
          {(
            [
              ['cash', t.cashOption],
              ['stripe', t.cardOption],
            ] as const
          ).map(([value, label]) => (
            <div className="form-check" key={value}>
              <input
                type="radio"
                id={`payment-${value}`}
                name="payment_method"
                value={value}
                checked={method === value}
                aria-describedby={describedBy}
                onChange={() => setMethod(value)}
              />
              <label htmlFor={`payment-${value}`}>{label}</label>
            </div>
          ))}
        </fieldset>
      )}

      <PhotoConsent id="photo-consent" name={null} checked={photos} disabled={busy} onChange={setPhotos} />
      <RegistrationTerms
        season={season}
        fullName={user ? `${user.first_name} ${user.last_name}` : ''}
        terms={terms}
        invalid={termsInvalid}
        disabled={busy}
        onChange={setTerms}
      />

      {failure ? (
        <div className="tryout-error">
          <p id={ERROR_ID} ref={errorRef} role="alert" className="form-error" tabIndex={-1}>
            {failure.message}
          </p>
          {failure.saved ? (
            <p className="auth-links">
              <Link to="/dashboard">{t.goToDashboard}</Link>
            </p>
          ) : null}
        </div>
      ) : null}

      {/* No double submit: disabled from the first click on (React renders a click's update before the next
          event), and with the default button disabled the form cannot be submitted by Enter either. */}
      <button type="submit" className="button button-submit" disabled={busy}>
        {busy ? t.registering : t.register}
      </button>
    </form>
  );
}
