import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { HelperGrant, HelperRole } from '@club/shared/tryout-night';
import { AuthCard } from '../features/auth/auth-card';
import { acceptHelper } from '../features/tryout-night/api';
import { serverMessageOr } from '../lib/api-client';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

const KEY = 'club.pending-helper-invite';

/** What the invitation's link says after its token (issue 42): the job, the invited address, the nights. */
interface Invite {
  token: string;
  job: HelperRole | null;
  email: string | null;
  season: string | null;
  nights: string[];
}

/** The link's fragment, `<token>&job=…&email=…&season=…&night=…`, as the page reads it. */
export function inviteOf(fragment: string): Invite | null {
  const [token = '', rest = ''] = fragment.split(/&(.*)/s);
  if (!token) return null;
  const facts = new URLSearchParams(rest);
  const job = facts.get('job');
  return {
    token,
    job: job === 'check-in' || job === 'evaluator' || job === 'coach' ? job : null,
    email: facts.get('email'),
    season: facts.get('season'),
    nights: facts.getAll('night'),
  };
}

/** The invitation kept in this tab through a sign-in or a sign-up, from the link or from before. */
function keptInvite(hash: string): Invite | null {
  try {
    const fromLink = inviteOf(hash.slice(1));
    if (fromLink) sessionStorage.setItem(KEY, JSON.stringify(fromLink));
    const kept = sessionStorage.getItem(KEY);
    return fromLink ?? (kept ? (JSON.parse(kept) as Invite) : null);
  } catch {
    return inviteOf(hash.slice(1));
  }
}

const JOB_WORDS: Record<HelperRole, string> = {
  'check-in': 'at check-in',
  evaluator: 'as an evaluator',
  coach: 'as a coach',
};

/** "You were invited to help at check-in", the season, and the nights it works. */
function WhatAndWhen({ invite }: { invite: Invite }) {
  return (
    <>
      <p className="helper-invite-job">
        <strong>
          You were invited to help {invite.job ? JOB_WORDS[invite.job] : 'on tryout night'}
          {invite.season ? ` at ${invite.season}` : ''}.
        </strong>
      </p>
      {invite.nights.length ? (
        <>
          <p>{invite.nights.length === 1 ? 'The night:' : 'The nights:'}</p>
          <ul className="helper-invite-nights">
            {invite.nights.map((night) => (
              <li key={night}>{night}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/**
 * /helpers/accept#<token>&… (issues 37 and 42): the invited address takes the job. Signed out, it says the job
 * and offers a helper's sign-up with the invited address filled in, or a sign-in; signed in, it says the job
 * and the nights before Accept. The token waits in this tab through a sign-in or a sign-up.
 */
export function HelpersAcceptPage() {
  const { user, ready } = useSession();
  const { hash } = useLocation();
  const [invite] = useState(() => keptInvite(hash));
  const [state, setState] = useState<{ grants?: HelperGrant[]; error?: string; busy?: boolean }>({});
  if (!ready) {
    return (
      <AuthCard title="Help on tryout night">
        <p role="status">Loading…</p>
      </AuthCard>
    );
  }
  if (!invite) {
    return (
      <AuthCard title="Help on tryout night">
        <p role="alert">This helper link is invalid or has expired. Ask the club for a new one.</p>
      </AuthCard>
    );
  }
  if (!user) {
    const signUp = `/register?as=helper${invite.job ? `&job=${invite.job}` : ''}`;
    return (
      <AuthCard title="Help on tryout night">
        <WhatAndWhen invite={invite} />
        <p>
          Create your helper account
          {invite.email ? (
            <>
              {' '}
              with <span style={{ overflowWrap: 'anywhere' }}>{invite.email}</span>, the address the
              invitation was sent to,
            </>
          ) : null}{' '}
          or sign in if you have one. Then you accept here.
        </p>
        <p className="helper-invite-actions">
          <Link
            className="button"
            to={signUp}
            state={invite.email ? { email: invite.email } : undefined}
            onClick={() => rememberReturnTo('/helpers/accept')}
          >
            Create your helper account
          </Link>{' '}
          <Link
            className="button button-secondary"
            to="/login"
            onClick={() => rememberReturnTo('/helpers/accept')}
          >
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  async function accept() {
    if (!invite) return;
    setState({ busy: true });
    try {
      const grants = await acceptHelper(invite.token);
      sessionStorage.removeItem(KEY);
      setState({ grants });
    } catch (error) {
      setState({ error: serverMessageOr(error, 'The invitation could not be accepted. Please try again.') });
    }
  }
  return (
    <AuthCard title="Help on tryout night">
      {state.grants ? (
        <>
          <p role="status">You are in. Open your screen on tryout night:</p>
          <ul>
            {state.grants.map((g) => (
              <li key={`${g.season_id}-${g.role}-${g.team_id ?? ''}`}>
                <Link
                  to={
                    g.role === 'coach' && g.team_id
                      ? `/coach/${g.team_id}/roster`
                      : g.role === 'check-in'
                        ? '/checkin'
                        : '/evaluate'
                  }
                >
                  {g.season_name}:{' '}
                  {g.role === 'check-in'
                    ? 'Check-in'
                    : g.role === 'coach'
                      ? `${g.team_name ?? 'Team'} roster`
                      : `Scoring ${g.age_groups.join(', ')}`}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <WhatAndWhen invite={invite} />
          <p>
            Accept the club’s invitation as <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>.
          </p>
          {state.error ? (
            <p role="alert" className="form-error">
              {state.error}
            </p>
          ) : null}
          <button
            type="button"
            className="button"
            aria-disabled={state.busy || undefined}
            onClick={() => void accept()}
          >
            {state.busy ? 'Accepting…' : 'Accept'}
          </button>
        </>
      )}
    </AuthCard>
  );
}
