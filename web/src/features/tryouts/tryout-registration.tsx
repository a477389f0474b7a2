/**
 * /tryout (spec §2): one of four states, from the active season and the player's own registration, which
 * load together: already registered, no active season, registration closed, or the form.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MyTryout, Season } from '@club/shared/types';
import { fetchActiveSeason } from '../../lib/active-season';
import { getMyTryout } from './api';
import { CompletePayment } from './complete-payment';
import { tryoutMessages as t } from './messages';
import { RegistrationDetails } from './registration-details';
import { TryoutCard } from './tryout-card';
import { TryoutForm } from './tryout-form';

type ScreenState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'registered'; tryout: MyTryout }
  | { kind: 'no-season' }
  | { kind: 'closed'; season: Season }
  | { kind: 'open'; season: Season };

async function loadScreen(): Promise<ScreenState> {
  const [season, tryout] = await Promise.all([fetchActiveSeason(), getMyTryout()]);
  if (tryout) return { kind: 'registered', tryout };
  if (!season) return { kind: 'no-season' };
  return season.is_registration_open ? { kind: 'open', season } : { kind: 'closed', season };
}

export function TryoutRegistration() {
  const [state, setState] = useState<ScreenState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    loadScreen().then(
      (next) => current && setState(next),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  switch (state.kind) {
    case 'loading':
      return (
        <TryoutCard title={t.formTitle}>
          <p role="status" className="tryout-loading">
            {t.loadingTryout}
          </p>
        </TryoutCard>
      );
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
        <TryoutCard title={t.alreadyRegisteredTitle}>
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
    case 'open':
      return (
        <TryoutCard title={t.formTitle} season={state.season.name}>
          <TryoutForm season={state.season} />
        </TryoutCard>
      );
  }
}
