/**
 * The dashboard's family section (issue 17): the household's guardians and athletes, adding and changing an
 * athlete, removing one a guardian added, inviting another parent or guardian, and leaving (those two in
 * household-actions.tsx). An invitation opened before signing in waits in this tab (the join page keeps it)
 * and is offered here.
 */
import { useEffect, useState } from 'react';
import type { Athlete, Household } from '@club/shared/types';
import { Link } from 'react-router-dom';
import { fetchActiveSeason } from '../../lib/active-season';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { useSettled } from '../../lib/reveal-together';
import { useSession } from '../../lib/session-context';
import {
  acceptInvite,
  addAthlete,
  deleteAthlete,
  getHousehold,
  PENDING_INVITE_KEY,
  updateAthlete,
} from './api';
import { AthleteForm } from './athlete-form';
import { InviteForm, LeaveButton } from './household-actions';
import { DIVISION_LABELS } from '@club/shared/tryouts';
import { announceHouseholdChanged } from '../../lib/household-events';
import { householdMessages as t } from './messages';
import './household.css';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; household: Household };
/** The athletes a guardian can register now: registration is open and they have no registration yet. */
type Registrable = ReadonlySet<string>;
type Editing =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; athlete: Athlete }
  | { kind: 'remove'; athlete: Athlete };

/** 2014-03-09 → "March 9, 2014", the date as stored. */
function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  );
}

const nameOf = (a: { first_name: string; last_name: string }) => `${a.first_name} ${a.last_name}`;

function readPendingInvite(): string | null {
  try {
    return sessionStorage.getItem(PENDING_INVITE_KEY);
  } catch {
    return null;
  }
}

export function HouseholdSection() {
  const { user } = useSession();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [pendingInvite, setPendingInvite] = useState(readPendingInvite);
  const [registrable, setRegistrable] = useState<Registrable>(new Set());
  const [registrationOpen, setRegistrationOpen] = useState(false);
  // Whether registration is open decides a link beside each athlete: known before the section shows.
  const [registrableKnown, setRegistrableKnown] = useState(false);
  useSettled(load.kind !== 'loading' && registrableKnown);

  useEffect(() => {
    let current = true;
    getHousehold().then(
      (household) => current && setLoad({ kind: 'ready', household }),
      () => current && setLoad({ kind: 'failed' }),
    );
    // Who can be registered now: a link beside each, when registration is open (nothing shown otherwise).
    Promise.all([fetchActiveSeason(), callApi('getHouseholdTryouts')])
      .then(
        ([season, tryouts]) => {
          if (!current || !season?.is_registration_open) return;
          setRegistrationOpen(true);
          setRegistrable(new Set(tryouts.filter((t) => !t.hasRegistered).map((t) => t.athlete_id)));
        },
        () => undefined,
      )
      .finally(() => current && setRegistrableKnown(true));
    return () => {
      current = false;
    };
  }, []);

  if (load.kind === 'loading')
    return (
      <p role="status" className="household-loading">
        {t.loading}
      </p>
    );
  if (load.kind === 'failed') {
    return (
      <p role="alert" className="form-error">
        {t.loadFailed}
      </p>
    );
  }
  const { household } = load;
  const guardianIds = new Set(household.guardians.map((g) => g.id));
  const ready = (next: Household, message: string) => {
    setLoad({ kind: 'ready', household: next });
    setEditing({ kind: 'none' });
    setError('');
    setNotice(message);
  };

  async function refreshWith(message: string) {
    ready(await getHousehold(), message);
  }

  async function accept(token: string) {
    setError('');
    try {
      const next = await acceptInvite(token);
      sessionStorage.removeItem(PENDING_INVITE_KEY);
      setPendingInvite(null);
      ready(next, t.joined);
      // The children's registrations show at once on the rest of the dashboard.
      announceHouseholdChanged();
    } catch (e) {
      sessionStorage.removeItem(PENDING_INVITE_KEY);
      setPendingInvite(null);
      setError(serverMessageOr(e, t.failed));
    }
  }

  async function remove(athlete: Athlete) {
    setError('');
    try {
      ready(await deleteAthlete(athlete.id), t.removed(athlete.first_name));
    } catch (e) {
      setEditing({ kind: 'none' });
      setError(serverMessageOr(e, t.failed));
    }
  }

  return (
    <section className="household" aria-labelledby="household-title">
      <h2 id="household-title">{t.title}</h2>
      <p className="form-note">{t.intro}</p>
      {pendingInvite ? (
        <div className="household-invite-waiting" role="group" aria-label={t.pendingInvite}>
          <p>{t.pendingInvite}</p>
          <button type="button" className="button" onClick={() => void accept(pendingInvite)}>
            {t.joinAccept}
          </button>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="form-success">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}

      <h3>{t.athletes}</h3>
      <ul className="household-list">
        {household.athletes.map((athlete) => (
          <li key={athlete.id}>
            <div>
              <strong>{nameOf(athlete)}</strong>
              {athlete.id === user?.id ? <span className="household-tag">{t.you}</span> : null}
              <br />
              <span className="household-meta">
                {t.born(formatDate(athlete.date_of_birth))}
                {athlete.division ? ` · ${t.playsOn(DIVISION_LABELS[athlete.division])}` : ''}
              </span>
            </div>
            <div className="household-row-actions">
              {registrable.has(athlete.id) ? (
                <Link className="household-link" to="/tryout">
                  {t.registerAthlete}
                  <span className="visually-hidden"> {nameOf(athlete)}</span>
                </Link>
              ) : null}
              <button
                type="button"
                className="button button-secondary household-small"
                aria-label={t.editAthlete(nameOf(athlete))}
                onClick={() => setEditing({ kind: 'edit', athlete })}
              >
                Edit
              </button>
              {guardianIds.has(athlete.id) ? null : (
                <button
                  type="button"
                  className="household-link"
                  aria-label={t.remove(nameOf(athlete))}
                  onClick={() => setEditing({ kind: 'remove', athlete })}
                >
                  Remove
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {editing.kind === 'remove' ? (
        <div className="household-confirm" role="group" aria-label={t.remove(nameOf(editing.athlete))}>
          <p>{t.removeQuestion(nameOf(editing.athlete))}</p>
          <p className="household-confirm-note">{t.removeNote}</p>
          <p className="household-actions">
            <button type="button" className="button" onClick={() => void remove(editing.athlete)}>
              {t.yesRemove}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setEditing({ kind: 'none' })}
            >
              {t.keep}
            </button>
          </p>
        </div>
      ) : null}
      {editing.kind === 'new' ? (
        <AthleteForm
          title={t.newAthlete}
          submitLabel={t.saveAthlete}
          copyFrom={household.athletes.findLast((a) => !guardianIds.has(a.id))}
          onCancel={() => setEditing({ kind: 'none' })}
          onSubmit={async (input) => {
            const added = await addAthlete(input);
            // The new child's "Register for tryouts" at once, as the others have it (issue 42).
            if (registrationOpen) setRegistrable((r) => new Set([...r, added.id]));
            await refreshWith(t.added(added.first_name));
          }}
        />
      ) : editing.kind === 'edit' ? (
        <AthleteForm
          key={editing.athlete.id}
          athlete={editing.athlete}
          title={t.editTitle(editing.athlete.first_name)}
          submitLabel={t.saveAthlete}
          onCancel={() => setEditing({ kind: 'none' })}
          onSubmit={async (input) => {
            const saved = await updateAthlete(editing.athlete.id, input);
            await refreshWith(t.saved(saved.first_name));
          }}
        />
      ) : (
        <p className="household-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setEditing({ kind: 'new' })}
          >
            {t.addAthlete}
          </button>
        </p>
      )}

      <h3>{t.guardians}</h3>
      <ul className="household-list">
        {household.guardians.map((g) => (
          <li key={g.id}>
            <div>
              <strong>{nameOf(g)}</strong>
              {g.id === user?.id ? <span className="household-tag">{t.you}</span> : null}
              <br />
              <span className="household-meta">{g.email}</span>
            </div>
          </li>
        ))}
      </ul>
      <InviteForm />
      {household.guardians.length > 1 ? (
        <LeaveButton onLeft={(next) => ready(next, t.left)} onFailed={setError} />
      ) : null}
    </section>
  );
}
