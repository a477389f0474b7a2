/**
 * /tryout (spec §2): one of four states, from the active season and the player's own registration, which
 * load together: already registered, no active season, registration closed, or the form.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { Athlete, MyTryout, Season } from '@club/shared/types';
import { fetchActiveSeason } from '../../lib/active-season';
import { callApi } from '../../lib/api-client';
import { rememberReturnTo } from '../../lib/return-to';
import { useSession } from '../../lib/session-context';
import { getMyTryout } from './api';
import { CompletePayment } from './complete-payment';
import { tryoutMessages as t } from './messages';
import { RegistrationDetails } from './registration-details';
import { TryoutCard } from './tryout-card';
import { FamilyTryoutForm } from './family-tryout-form';
import { TryoutForm } from './tryout-form';

type ScreenState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'registered'; tryout: MyTryout }
  | { kind: 'no-season' }
  | { kind: 'closed'; season: Season }
  | { kind: 'open'; season: Season; player?: Athlete }
  | { kind: 'first-child'; season: Season }
  | { kind: 'family'; season: Season; athletes: Athlete[]; registeredBefore: number; sibling?: Athlete }
  | { kind: 'all-registered'; season: Season };

/** A waitlisted registration with a spot held for it (issue 45): registering takes the spot. */
const takesSpot = (tryout: MyTryout): boolean =>
  tryout.status === 'waitlisted' && tryout.spot_held_until !== undefined;

/**
 * A household of one (the account holder alone) gets the spec's screen; a household with other athletes
 * gets the family form for those not registered yet (issue 17).
 */
async function loadScreen(userId: string | null): Promise<ScreenState> {
  const [season, tryout, household, tryouts] = await Promise.all([
    fetchActiveSeason(),
    getMyTryout(),
    callApi('getHousehold'),
    callApi('getHouseholdTryouts'),
  ]);
  // A parent's account with no child yet (a player's household always holds the player): the first child is
  // asked for here, never the parent offered as the athlete (issue 36).
  if (household.athletes.length === 0 && season?.is_registration_open) return { kind: 'first-child', season };
  const ownOnly =
    household.athletes.length === 0 ||
    (household.athletes.length === 1 && household.athletes[0]!.id === userId);
  if (ownOnly || !season || !season.is_registration_open) {
    if (tryout && !takesSpot(tryout)) return { kind: 'registered', tryout };
    if (!season) return { kind: 'no-season' };
    const player = household.athletes.find((a) => a.id === userId);
    return season.is_registration_open ? { kind: 'open', season, player } : { kind: 'closed', season };
  }
  const registered = new Set(
    tryouts.filter((t) => t.hasRegistered && !takesSpot(t)).map((t) => t.athlete_id),
  );
  const athletes = household.athletes.filter((a) => !registered.has(a.id));
  if (!athletes.length) return tryout ? { kind: 'registered', tryout } : { kind: 'all-registered', season };
  const registeredBefore = tryouts.filter(
    (t) => t.hasRegistered && !t.withdrawn && t.status !== 'waitlisted',
  ).length;
  // The child a new brother or sister copies the surname and emergency contact from (issue 42).
  const sibling = household.athletes.findLast((a) => a.id !== userId);
  return { kind: 'family', season, athletes, registeredBefore, sibling };
}

/**
 * The card the screen starts with, loading; also the prerendered frame of /tryout (issue 20). An element, not
 * a component of its own, so the loaded card is the same card updated: anything in it that moves, moves
 * where layout-shift measurement sees it.
 */
export function loadingTryoutCard(): ReactElement {
  return (
    <TryoutCard title={t.formTitle}>
      <p role="status" className="tryout-loading">
        {t.loadingTryout}
      </p>
    </TryoutCard>
  );
}

/**
 * /tryout for a visitor not signed in (issue 36): what happens next, and the two ways on. Either way comes
 * back here: the page is remembered for the sign-in, and a sign-up carries it in its verification link.
 */
export function SignedOutTryoutCard() {
  useEffect(() => rememberReturnTo('/tryout'), []);
  return (
    <TryoutCard title={t.formTitle}>
      <p className="lead">{t.signedOutLead}</p>
      <p>{t.signedOutDetail}</p>
      <p className="tryout-actions">
        <Link className="button" to="/register?as=guardian">
          {t.createFamilyAccount}
        </Link>
        <Link className="button button-secondary" to="/login">
          {t.signIn}
        </Link>
      </p>
      <p className="form-note">
        {t.playerSelf} <Link to="/register">{t.createPlayerAccount}</Link>
      </p>
    </TryoutCard>
  );
}

/**
 * How a screen asks for a family's first child (issue 36), or another one from the family form (issue 42,
 * `copyFrom` a brother or sister, `onCancel` back to the form): the household's athlete form, which the route
 * puts here (one feature does not reach into another). `onAdded` goes on to the group and payment.
 */
export type FirstChildForm = (props: {
  onAdded: (child: Athlete) => void;
  copyFrom?: Athlete;
  onCancel?: () => void;
}) => ReactElement;

export function TryoutRegistration({ firstChildForm }: { firstChildForm?: FirstChildForm }) {
  const { user } = useSession();
  const [state, setState] = useState<ScreenState>({ kind: 'loading' });
  const [loads, setLoads] = useState(0);
  // The child just added on this screen: ticked on the form that follows.
  const [added, setAdded] = useState<string | null>(null);
  // Another child being added from the family form, which stays (hidden) with what was chosen on it.
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let current = true;
    loadScreen(user?.id ?? null).then(
      (next) => current && setState(next),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [user?.id, loads]);

  switch (state.kind) {
    case 'loading':
      return loadingTryoutCard();
    case 'failed':
      return (
        <TryoutCard title={t.formTitle}>
          <p role="alert" className="form-error">
            {t.loadFailed}
          </p>
        </TryoutCard>
      );
    case 'registered':
      return (
        <TryoutCard title={t.alreadyRegisteredTitle} season={state.tryout.season}>
          <RegistrationDetails tryout={state.tryout} />
          <CompletePayment
            tryout={state.tryout}
            onChanged={(tryout) => setState({ kind: 'registered', tryout })}
          />
          <p className="tryout-actions">
            <Link className="button button-secondary" to="/dashboard">
              {t.goToDashboard}
            </Link>
          </p>
        </TryoutCard>
      );
    case 'no-season':
      return (
        <TryoutCard title={t.noSeasonTitle}>
          <p className="lead">{t.noSeasonDetail}</p>
        </TryoutCard>
      );
    case 'closed':
      return (
        <TryoutCard title={t.closedTitle} season={state.season.name}>
          <p className="lead">{t.closed(state.season.name)}</p>
        </TryoutCard>
      );
    case 'first-child':
      return (
        <TryoutCard title={t.formTitle} season={state.season.name}>
          <p className="lead">{t.firstChildLead}</p>
          {firstChildForm
            ? firstChildForm({
                onAdded: (child) => {
                  setAdded(child.id);
                  setLoads((n) => n + 1);
                },
              })
            : null}
        </TryoutCard>
      );
    case 'open':
      return (
        <TryoutCard title={t.formTitle} season={state.season.name}>
          <TryoutForm season={state.season} player={state.player} />
        </TryoutCard>
      );
    case 'family':
      return (
        <TryoutCard title={t.formTitle} season={state.season.name}>
          <div hidden={adding}>
            <FamilyTryoutForm
              season={state.season}
              athletes={state.athletes}
              registeredBefore={state.registeredBefore}
              ticked={added}
              onAddAnother={firstChildForm ? () => setAdding(true) : undefined}
            />
          </div>
          {adding && firstChildForm
            ? firstChildForm({
                copyFrom: state.sibling,
                onCancel: () => setAdding(false),
                onAdded: (child) => {
                  setAdded(child.id);
                  setAdding(false);
                  setLoads((n) => n + 1);
                },
              })
            : null}
        </TryoutCard>
      );
    case 'all-registered':
      return (
        <TryoutCard title={t.allRegisteredTitle} season={state.season.name}>
          <p className="lead">{t.allRegistered}</p>
          <p className="tryout-actions">
            <Link className="button button-secondary" to="/dashboard">
              {t.goToDashboard}
            </Link>
          </p>
        </TryoutCard>
      );
  }
}
