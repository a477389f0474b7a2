/**
 * Issue 36, item 1: a new parent's road from "Register for tryouts" has no dead end. Signed out, /tryout says
 * what happens next; the sign-up it leads to is a parent's and carries /tryout in its verification link, so
 * signing in after verifying (on any device) lands on registration with the address filled in; a parent with
 * no child is asked for the first child on /tryout itself, then goes on to the group and payment.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Athlete, Household } from '@club/shared/types';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';
import { RequirePlayer } from '../features/auth/require-session';
import { landed, renderWithSession } from '../features/auth/test-render';
import { makeToken, player } from '../features/auth/test-tokens';
import { aSeason } from '../features/tryouts/test-data';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import DashboardPage from './dashboard';
import EmailConfirmedPage from './email-confirmed';
import HouseholdJoinPage from './household-join';
import TryoutPage from './tryout';
import VerifyEmailPage from './verify-email';

afterEach(() => sessionStorage.clear());

const season = aSeason({ name: 'Fall 2026 Tryouts', reference_year: 2026, tryout_fee_cents: 5000 });

describe('a new parent arriving from "Register for tryouts" (issue 36)', () => {
  it('is told what happens next, and signs up as a parent with registration carried in the link', async () => {
    // Prepare
    const sent: unknown[] = [];
    server.use(
      onRoute('register', async ({ request }) => {
        sent.push(await request.json());
        return { message: 'Registration successful. Please check your email to verify your account.' };
      }),
    );
    const { router } = renderWithSession(
      [
        { path: '/tryout', element: <TryoutPage /> },
        { path: '/register', element: <RegisterForm /> },
        landed('/check-email'),
      ],
      '/tryout',
    );

    // Act
    expect(
      await screen.findByText('Sign in or create a family account to register your child.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Create a family account' }));

    // Assess: a parent's sign-up, five fields.
    expect(await screen.findByRole('radio', { name: /parent or guardian/i })).toBeChecked();
    expect(screen.queryByLabelText(/date of birth/i)).not.toBeInTheDocument();

    // Act
    await user.type(screen.getByLabelText('First name'), 'Dana');
    await user.type(screen.getByLabelText('Last name'), 'Okafor');
    await user.type(screen.getByLabelText('Email'), 'dana@example.test');
    await user.type(screen.getByLabelText('Phone number'), '780-555-0142');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-horse-9!');
    await user.click(screen.getByRole('checkbox', { name: /18 or older/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Assess
    await screen.findByText('landed on /check-email');
    expect(sent).toEqual([
      {
        account_type: 'guardian',
        first_name: 'Dana',
        last_name: 'Okafor',
        email: 'dana@example.test',
        password: 'Correct-horse-9!',
        phone_number: '780-555-0142',
        is_adult: true,
        return_to: '/tryout',
      },
    ]);
    expect(router.state.location.pathname).toBe('/check-email');
  });

  it('verifies on another device and signs in straight to registration, the address filled in', async () => {
    // Prepare: a browser that never saw /tryout (the mail opened on a phone).
    server.use(
      onRoute('verifyEmail', () => ({
        success: true as const,
        message: 'Your email has been verified. You can now sign in.',
        email: 'dana@example.test',
        return_to: '/tryout',
      })),
      http.post('/api/auth/login', () => HttpResponse.json({ token: makeToken(player) })),
      onRoute('logout', () => null),
    );
    renderWithSession(
      [
        { path: '/verify-email', element: <VerifyEmailPage /> },
        { path: '/email-confirmed', element: <EmailConfirmedPage /> },
        { path: '/login', element: <LoginForm /> },
        { element: <RequirePlayer />, children: [landed('/tryout'), landed('/dashboard')] },
      ],
      '/verify-email#the-token',
    );
    const user = userEvent.setup();

    // Act
    await user.click(await screen.findByRole('link', { name: 'Continue to Login' }));

    // Assess
    expect(await screen.findByLabelText('Email')).toHaveValue('dana@example.test');

    // Act
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-9!');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // Assess
    expect(await screen.findByText('landed on /tryout')).toBeInTheDocument();
  });
});

describe('/tryout for a parent with no child yet (issue 36)', () => {
  const child: Athlete = {
    id: '55555555-5555-4555-8555-555555555555',
    first_name: 'Amara',
    last_name: 'Okafor',
    date_of_birth: '2013-04-02',
    emergency_contact_name: 'Dana Okafor',
    emergency_contact_phone: '780-555-0142',
    emergency_contact_email: 'dana@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: true,
    division: 'girls',
  };

  it('asks for the first child right there, then offers only her groups, never the parent', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    let household: Household = { guardians: [], athletes: [] };
    const added: unknown[] = [];
    server.use(
      http.get('/api/seasons/active', () => HttpResponse.json(season)),
      http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Not registered.' }, { status: 404 })),
      onRoute('getHousehold', () => household),
      onRoute('getHouseholdTryouts', () =>
        household.athletes.map((a) => ({
          athlete_id: a.id,
          hasRegistered: false,
          season: season.name,
          tryout_number: null,
          result: '' as const,
          payment_method: null,
          payment_status: null,
          teamsnap_link: null,
          age_group: null,
        })),
      ),
      onRoute('addAthlete', async ({ request }) => {
        added.push(await request.json());
        household = { guardians: [], athletes: [child] };
        return child;
      }),
    );
    renderWithSession([{ path: '/tryout', element: <TryoutPage /> }, landed('/dashboard')], '/tryout');
    const user = userEvent.setup();

    // Act
    expect(
      await screen.findByText('First, tell us about your child. Next you choose their group and how to pay.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Registering /)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Amara');
    await user.type(screen.getByLabelText('Last name'), 'Okafor');
    await user.type(screen.getByLabelText('Date of birth'), '2013-04-02');
    await user.click(screen.getByRole('radio', { name: 'Girls’ teams' }));
    await user.type(screen.getByLabelText('Contact name'), 'Dana Okafor');
    await user.type(screen.getByLabelText('Contact phone'), '780-555-0142');
    await user.type(screen.getByLabelText('Contact email'), 'dana@example.test');
    await user.selectOptions(screen.getByLabelText('Relationship'), 'parent');
    await user.click(screen.getByRole('checkbox', { name: /I am the parent or guardian/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Assess: Amara ticked, her youngest girls' group chosen, the fee, and no other group offered.
    expect(await screen.findByRole('checkbox', { name: 'Amara Okafor' })).toBeChecked();
    const group = screen.getByLabelText('Age group for Amara');
    expect(group).toHaveValue('15U Girls');
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an age group', '15U Girls', '17U Girls']);
    expect(screen.getByText('Total: $50.00')).toBeInTheDocument();
    expect(added).toMatchObject([{ first_name: 'Amara', division: 'girls' }]);
  });
});

describe('an invitation’s page (issue 36)', () => {
  it('says who invited and names the children, and signs up as a parent with the invited address', async () => {
    // Prepare
    server.use(
      onRoute('previewGuardianInvite', () => ({
        inviter_name: 'Dana Okafor',
        athlete_names: ['Jayden', 'Amara'],
        email: 'chris@example.test',
      })),
    );
    renderWithSession(
      [
        { path: '/household/join', element: <HouseholdJoinPage /> },
        { path: '/register', element: <RegisterForm /> },
      ],
      '/household/join#the-invite-token',
    );

    // Assess
    expect(
      await screen.findByText(
        'Dana Okafor invited you to join their family account as a parent or guardian. You will see Jayden and Amara’s tryouts and can register and pay for them.',
      ),
    ).toBeInTheDocument();

    // Act
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create an account' }));

    // Assess
    expect(await screen.findByRole('radio', { name: /parent or guardian/i })).toBeChecked();
    expect(screen.getByLabelText('Email')).toHaveValue('chris@example.test');
  });
});

describe('a guardian who accepts an invitation on the dashboard (issue 36)', () => {
  it('sees the children’s registrations at once, without a reload', async () => {
    // Prepare: an invitation waiting in this tab; the household has Amara, registered, once joined.
    sessionStorage.setItem('token', makeToken(player));
    sessionStorage.setItem('household-invite', 'the-invite-token');
    const amara: Athlete = {
      id: '77777777-7777-4777-8777-777777777777',
      first_name: 'Amara',
      last_name: 'Okafor',
      date_of_birth: '2013-04-02',
      emergency_contact_name: 'Dana Okafor',
      emergency_contact_phone: '780-555-0142',
      emergency_contact_email: 'dana@example.test',
      emergency_contact_relationship: 'parent',
      parent_consent: true,
    };
    let joined = false;
    server.use(
      http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Not registered.' }, { status: 404 })),
      onRoute('getHousehold', () => ({ guardians: [], athletes: joined ? [amara] : [] })),
      onRoute('getHouseholdTryouts', () =>
        joined
          ? [
              {
                athlete_id: amara.id,
                hasRegistered: true,
                season: season.name,
                tryout_number: 7,
                result: '' as const,
                payment_method: 'cash' as const,
                payment_status: 'cash' as const,
                teamsnap_link: null,
                age_group: '15U Girls' as const,
              },
            ]
          : [],
      ),
      onRoute('acceptGuardianInvite', () => {
        joined = true;
        return { guardians: [], athletes: [amara] };
      }),
    );
    renderWithSession([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');

    // Act
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept invitation' }));

    // Assess
    expect(await screen.findByRole('heading', { name: "Amara's Tryout Registration" })).toBeInTheDocument();
  });
});
