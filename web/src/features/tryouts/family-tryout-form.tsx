/**
 * The tryout form for a household (issue 17), in the order a parent thinks: which athletes (tick several), for
 * each the age groups their birth year allows and only those, that group's sessions, the total with the
 * sibling fee, then how to pay: cash on the day, or card for all of them on one checkout.
 */
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import type { AgeGroup, Division, PaymentMethod } from '@club/shared/constants';
import { fieldMessages } from '@club/shared/messages';
import { sessionsOf } from '@club/shared/player-sessions';
import { formatCad, groupsFor } from '@club/shared/tryouts';
import type { Athlete, Season } from '@club/shared/types';
import { SessionList } from '../../components/session-list';
import { DivisionChoice } from '../../components/division-choice';
import { sayDivision } from './api';
import { useSession } from '../../lib/session-context';
import { AgeGroupGuide } from './age-group-guide';
import { registerTryout } from './api';
import {
  NO_TERMS,
  PhotoConsent,
  RegistrationTerms,
  termsMissing,
  termsOf,
  type Terms,
} from './registration-terms';
import { tryoutMessages as t } from './messages';
import { registrationFailure, type RegistrationFailure } from './registration-failure';
import { RegisterButton } from './register-button';
import type { DashboardNotice } from './tryout-form';
import { goToCheckout } from '../../lib/open-checkout';

const ERROR_ID = 'family-form-error';

export function FamilyTryoutForm({
  season,
  athletes,
  registeredBefore,
  ticked: tickedFirst = null,
  onAddAnother,
}: {
  season: Season;
  /** The household's athletes not yet registered this season. */
  athletes: Athlete[];
  /** How many of the household's athletes are registered (not withdrawn) this season already. */
  registeredBefore: number;
  /** An athlete to start ticked (the child just added on /tryout, issue 36), its youngest group chosen. */
  ticked?: string | null;
  /** Opens the form for a brother or sister not added yet (issue 42); this form keeps its choices meanwhile. */
  onAddAnother?: () => void;
}) {
  const navigate = useNavigate();
  const free = season.tryout_fee_cents === 0;
  const [chosen, setChosen] = useState<Record<string, AgeGroup | ''>>(() => {
    const first = athletes.find((a) => a.id === tickedFirst);
    if (!first) return {};
    return { [first.id]: groupsFor(first, season.age_groups, season.reference_year)[0] ?? '' };
  });
  // A child added from this form (issue 42) arrives ticked, beside what was already chosen.
  const [tickedSeen, setTickedSeen] = useState(tickedFirst);
  const justAdded = tickedFirst !== tickedSeen ? athletes.find((a) => a.id === tickedFirst) : undefined;
  if (justAdded) {
    setTickedSeen(justAdded.id);
    setChosen((c) => ({
      ...c,
      [justAdded.id]: groupsFor(justAdded, season.age_groups, season.reference_year)[0] ?? '',
    }));
  }
  // Asked once of an athlete added before the club asked which teams they play on (issue 36).
  const [divisions, setDivisions] = useState<Record<string, Division>>({});
  const divisionOfAthlete = (a: Athlete) => a.division ?? divisions[a.id];
  // Only the groups the birth year and division allow, youngest first (issues 18, 36).
  const groupsOf = (a: Athlete) =>
    groupsFor({ ...a, division: divisionOfAthlete(a) }, season.age_groups, season.reference_year);
  const [method, setMethod] = useState<PaymentMethod | ''>(free ? 'cash' : '');
  const [busy, setBusy] = useState(false);
  // Held from the tap on, so a second submit in the same moment sends nothing (one request per try).
  const sending = useRef(false);
  // Leaving for the card checkout once registered: the wait is then for the payment page.
  const [leaving, setLeaving] = useState(false);
  // A try that got no answer: the server may have registered it, so a retry's "already registered" is success.
  const unanswered = useRef(false);
  const [terms, setTerms] = useState<Terms>(NO_TERMS);
  const [photos, setPhotos] = useState<Record<string, boolean>>({});
  const { user } = useSession();
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const error = failure?.message ?? '';
  const errorRef = useRef<HTMLParagraphElement>(null);

  const ticked = athletes.filter((a) => a.id in chosen);
  const payment: PaymentMethod | '' = free ? 'cash' : method;
  const fees = ticked.map((_, i) =>
    free ? 0 : registeredBefore + i === 0 ? season.tryout_fee_cents : season.sibling_fee_cents,
  );
  const total = fees.reduce((sum, fee) => sum + fee, 0);

  function fail(message: string | RegistrationFailure) {
    flushSync(() => setFailure(typeof message === 'string' ? { kind: 'refused', message } : message));
    errorRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    if (ticked.some((a) => !divisionOfAthlete(a))) {
      fail(fieldMessages.divisionRequired);
      return;
    }
    if (!ticked.length || ticked.some((a) => !chosen[a.id]) || !payment) {
      fail(t.familyChoiceRequired);
      return;
    }
    if (termsMissing(season, terms)) {
      fail(fieldMessages.waiverRequired);
      return;
    }
    setFailure(null);
    sending.current = true;
    setBusy(true);
    const names = ticked.map((a) => a.first_name);
    try {
      // Said once, kept on each athlete: the next season asks no more.
      for (const a of ticked.filter((a) => !a.division)) {
        await sayDivision(a.id, divisions[a.id]!);
      }
      const answer = await registerTryout({
        payment_method: payment,
        registrations: ticked.map((a) => ({
          athlete_id: a.id,
          age_group: chosen[a.id] as AgeGroup,
          ...(photos[a.id] ? { photo_consent: true } : {}),
        })),
        ...termsOf(season, terms),
      });
      if ('number_follows' in answer) {
        const state: DashboardNotice = { notice: answer.message, numbersFollow: true };
        navigate('/dashboard', { replace: true, state });
        return;
      }
      const { url, tryout } = answer;
      if (payment === 'stripe' && url) {
        setLeaving(true);
        goToCheckout(url);
        return;
      }
      // Asked about financial support by card (issue 42): nothing charged, the club answers first.
      // A group full (issue 45): those on its waitlist pay nothing; the dashboard shows who is where.
      const state: DashboardNotice | null = answer.tryouts?.some((x) => x.status === 'waitlisted')
        ? { notice: t.waitlistedNotice }
        : free
          ? null
          : tryout.support_answer_pending
            ? { notice: t.supportRegistered }
            : { notice: t.familyCashRegistered(formatCad(total)) };
      navigate('/dashboard', { replace: true, state });
    } catch (e) {
      const failed = registrationFailure(e, names);
      // The first try went through after all: the dashboard shows the registrations, nothing twice.
      if (failed.kind === 'already' && unanswered.current) {
        navigate('/dashboard', { replace: true, state: { notice: t.registeredAfterAll(names) } });
        return;
      }
      if (failed.kind === 'unanswered') unanswered.current = true;
      sending.current = false;
      setBusy(false);
      fail(failed);
    }
  }

  return (
    <form className="auth-form tryout-form" noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="form-group" disabled={busy} aria-describedby={error ? ERROR_ID : undefined}>
        <legend>{t.whoIsTryingOut}</legend>
        {athletes.map((athlete) => {
          const groups = groupsOf(athlete);
          const picked = chosen[athlete.id];
          const unsaid = !divisionOfAthlete(athlete);
          const selectId = `group-${athlete.id}`;
          return (
            <div key={athlete.id} className="family-athlete">
              <div className="form-check">
                <input
                  type="checkbox"
                  id={`athlete-${athlete.id}`}
                  checked={athlete.id in chosen}
                  onChange={(e) =>
                    setChosen((c) => {
                      const next = { ...c };
                      // The youngest group that fits, once the division is known.
                      if (e.target.checked) next[athlete.id] = unsaid ? '' : (groups[0] ?? '');
                      else delete next[athlete.id];
                      return next;
                    })
                  }
                />
                <label htmlFor={`athlete-${athlete.id}`}>
                  {athlete.first_name} {athlete.last_name}
                </label>
              </div>
              {athlete.id in chosen && !athlete.division ? (
                <DivisionChoice
                  id={`athlete-${athlete.id}`}
                  legend={t.playsOn(athlete.first_name)}
                  value={divisions[athlete.id] ?? ''}
                  error={error && unsaid ? fieldMessages.divisionRequired : undefined}
                  onChange={(division) => {
                    setDivisions((d) => ({ ...d, [athlete.id]: division }));
                    const fitting = groupsFor(
                      { ...athlete, division },
                      season.age_groups,
                      season.reference_year,
                    );
                    setChosen((c) => ({ ...c, [athlete.id]: fitting[0] ?? '' }));
                  }}
                />
              ) : null}
              {athlete.id in chosen && !unsaid ? (
                groups.length ? (
                  <div className="form-field family-athlete-group">
                    <label htmlFor={selectId}>{t.ageGroupFor(athlete.first_name)}</label>
                    <select
                      id={selectId}
                      value={picked ?? ''}
                      aria-invalid={Boolean(error) && !picked}
                      onChange={(e) => setChosen((c) => ({ ...c, [athlete.id]: e.target.value as AgeGroup }))}
                    >
                      <option value="">{t.ageGroupPlaceholder}</option>
                      {groups.map((g) => (
                        <option key={g} value={g}>
                          {g}
                        </option>
                      ))}
                    </select>
                    {picked ? (
                      sessionsOf(season.sessions, picked).length ? (
                        <>
                          <SessionList
                            sessions={sessionsOf(season.sessions, picked)}
                            label={t.sessionsTitle(picked)}
                          />
                          <p className="form-note">{t.sessionsNote}</p>
                        </>
                      ) : (
                        <p className="form-note">{t.noSessionsYet(picked)}</p>
                      )
                    ) : null}
                  </div>
                ) : (
                  <p className="form-note">{t.noGroupFits(athlete.first_name)}</p>
                )
              ) : null}
              {athlete.id in chosen ? (
                <PhotoConsent
                  id={`photo-${athlete.id}`}
                  name={athlete.first_name}
                  checked={photos[athlete.id] ?? false}
                  onChange={(checked) => setPhotos((p) => ({ ...p, [athlete.id]: checked }))}
                />
              ) : null}
            </div>
          );
        })}
        {onAddAnother ? (
          <p className="family-add-another">
            <button type="button" className="button button-secondary" onClick={onAddAnother}>
              {t.addAnotherChild}
            </button>
          </p>
        ) : null}
      </fieldset>

      {/* Which group is whose: the birth-year guide, as on the one-player form (issue 36). */}
      <AgeGroupGuide groups={season.age_groups} referenceYear={season.reference_year} />

      {ticked.length ? (
        <div className="tryout-fee">
          {free ? (
            <strong>{t.freeTryouts}</strong>
          ) : (
            <>
              <ul className="family-fees">
                {ticked.map((a, i) => (
                  <li key={a.id}>
                    {a.first_name}: {formatCad(fees[i]!)}
                    {fees[i] !== season.tryout_fee_cents ? ` ${t.siblingPrice}` : ''}
                  </li>
                ))}
              </ul>
              <strong>{t.familyTotal(formatCad(total))}</strong>
            </>
          )}
        </div>
      ) : null}

      {free || !ticked.length ? null : (
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
                id={`family-payment-${value}`}
                name="payment_method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
              />
              <label htmlFor={`family-payment-${value}`}>{label}</label>
            </div>
          ))}
        </fieldset>
      )}

      {ticked.length ? (
        <RegistrationTerms
          season={season}
          fullName={user ? `${user.first_name} ${user.last_name}` : ''}
          terms={terms}
          invalid={error === fieldMessages.waiverRequired}
          disabled={busy}
          onChange={setTerms}
        />
      ) : null}

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
        waitingFor={leaving ? t.openingCheckout : t.registeringNames(ticked.map((a) => a.first_name))}
      />
    </form>
  );
}
