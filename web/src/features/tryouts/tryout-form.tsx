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
import { RegisterButton } from './register-button';
import { registrationFailure, type RegistrationFailure } from './registration-failure';
import { goToCheckout } from '../../lib/open-checkout';

const ERROR_ID = 'tryout-form-error';

/** What the dashboard reads from the navigation state after a cash registration. */
export interface DashboardNotice {
  notice: string;
  /** The registrations were taken and their numbers follow (a 202, issue 43): the dashboard looks again. */
  numbersFollow?: true;
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
  // Held from the tap on, so a second submit in the same moment sends nothing (one request per try).
  const sending = useRef(false);
  // Leaving for the card checkout once registered: the wait is then for the payment page.
  const [leaving, setLeaving] = useState(false);
  // A try that got no answer: the server may have registered it, so a retry's "already registered" is success.
  const unanswered = useRef(false);
  const [terms, setTerms] = useState<Terms>(NO_TERMS);
  const [photos, setPhotos] = useState(false);
  const [termsInvalid, setTermsInvalid] = useState(false);
  const { user } = useSession();
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);

  /** Shows a message and moves focus to it, so a keyboard or screen-reader user lands on what went wrong. */
  function fail(next: RegistrationFailure) {
    flushSync(() => setFailure(next));
    errorRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const parsed = v.safeParse(TryoutRegistrationSchema, { payment_method: method, age_group: ageGroup });
    if (!parsed.success) {
      setChoiceMissing(true);
      fail({ kind: 'refused', message: fieldMessages.tryoutChoiceRequired });
      return;
    }
    setChoiceMissing(false);
    if (termsMissing(season, terms)) {
      setTermsInvalid(true);
      fail({ kind: 'refused', message: fieldMessages.waiverRequired });
      return;
    }
    setTermsInvalid(false);
    setFailure(null);
    sending.current = true;
    setBusy(true);
    try {
      // Said once, kept on the athlete: the next season asks no more (issue 36).
      if (player && division && player.division !== division) await sayDivision(player.id, division);
      const answer = await registerTryout({
        ...parsed.output,
        ...(photos ? { photo_consent: true } : {}),
        ...termsOf(season, terms),
      });
      if ('number_follows' in answer) {
        const state: DashboardNotice = { notice: answer.message, numbersFollow: true };
        navigate('/dashboard', { replace: true, state });
        return;
      }
      const { url, tryout } = answer;
      if (parsed.output.payment_method === 'stripe' && url) {
        // Stays busy: the page is leaving for the payment provider's checkout (spec §4).
        setLeaving(true);
        goToCheckout(url);
        return;
      }
      // Asked about financial support by card (issue 42): nothing charged, the club answers first.
      // The group was full (issue 45): on its waitlist, nothing to pay.
      const state: DashboardNotice | null =
        tryout.status === 'waitlisted'
          ? { notice: t.waitlistedNotice }
          : tryout.support_answer_pending
            ? { notice: t.supportRegistered }
            : parsed.output.payment_method === 'cash' && !free
              ? { notice: t.cashRegistered }
              : null;
      navigate('/dashboard', { replace: true, state });
    } catch (error) {
      const failed = registrationFailure(error, null);
      // The first try went through after all: the dashboard shows the registration, nothing twice.
      if (failed.kind === 'already' && unanswered.current) {
        navigate('/dashboard', { replace: true, state: { notice: t.registeredAfterAll(null) } });
        return;
      }
      if (failed.kind === 'unanswered') unanswered.current = true;
      sending.current = false;
      setBusy(false);
      fail(failed);
    }
  }

  // The player's own first name: "Registering Jordan…".
  const firstName = player?.first_name ?? user?.first_name;
  const whoWaits = firstName ? t.registeringNames([firstName]) : t.registering;
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
              // Interac e-Transfer (issue 46): only where the club turned it on.
              ...(season.etransfer?.enabled ? [['etransfer', t.etransferOption] as const] : []),
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
            {failure.kind === 'unanswered' ? ` ${t.noAnswer}` : null}
          </p>
          {failure.kind === 'saved' ? (
            <p className="auth-links">
              <Link to="/dashboard">{t.goToDashboard}</Link>
            </p>
          ) : null}
        </div>
      ) : null}

      <RegisterButton
        busy={busy}
        retry={failure?.kind === 'unanswered'}
        waitingFor={leaving ? t.openingCheckout : whoWaits}
      />
    </form>
  );
}
