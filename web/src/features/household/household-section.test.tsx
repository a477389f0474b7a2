import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Athlete, Household } from '@club/shared/types';
import { SessionContext } from '../../lib/session-context';
import { onRoute } from '../../test/route-mock';
import { anAthlete } from '../../test/builders';
import { server } from '../../test/server';
import { aSeason } from '../tryouts/test-data';
import { HouseholdSection } from './household-section';

const ME = {
  id: '11111111-1111-4111-8111-111111111111',
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'jordan@example.test',
};

const own = anAthlete({
  id: ME.id,
  first_name: 'Jordan',
  last_name: 'Lee',
  date_of_birth: '1985-02-01',
  emergency_contact_name: 'Sam Lee',
  emergency_contact_phone: '780-555-0101',
  emergency_contact_email: 'sam@example.test',
  emergency_contact_relationship: 'other_family',
  parent_consent: false,
});

const mina = anAthlete({
  ...own,
  id: '22222222-2222-4222-8222-222222222222',
  first_name: 'Mina',
  date_of_birth: '2014-03-09',
  emergency_contact_relationship: 'parent',
  parent_consent: true,
});

/** Serves a household that changes as the calls change it, and records the calls. */
function serveHousehold(start: Household) {
  let household = start;
  const calls: Array<{ route: string; body: unknown }> = [];
  server.use(
    onRoute('getHousehold', () => household),
    onRoute(
      'addAthlete',
      async ({ request }) => {
        const body = (await request.json()) as Omit<Athlete, 'id'>;
        calls.push({ route: 'addAthlete', body });
        const added = { ...body, id: mina.id };
        household = { ...household, athletes: [...household.athletes, added] };
        return added;
      },
      { status: 201 },
    ),
    onRoute('deleteAthlete', ({ params }) => {
      calls.push({ route: 'deleteAthlete', body: params.id });
      household = { ...household, athletes: household.athletes.filter((a) => a.id !== params.id) };
      return household;
    }),
    onRoute('inviteGuardian', async ({ request }) => {
      calls.push({ route: 'inviteGuardian', body: await request.json() });
      return { success: true as const, message: 'Invitation sent to sam@example.test.' };
    }),
    onRoute('acceptGuardianInvite', async ({ request }) => {
      calls.push({ route: 'acceptGuardianInvite', body: await request.json() });
      return household;
    }),
  );
  return calls;
}

function renderSection() {
  const user = userEvent.setup();
  render(
    <SessionContext.Provider
      value={{ user: { ...ME, is_admin: false }, ready: true, logout: async () => {} }}
    >
      <MemoryRouter>
        <HouseholdSection />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
  return { user };
}

/** The active season, its registration open or closed. */
function serveSeason(open: boolean) {
  server.use(onRoute('getActiveSeason', () => aSeason({ is_registration_open: open })));
}

beforeEach(() => serveSeason(false));

afterEach(() => sessionStorage.clear());

describe('the family section (issue 17)', () => {
  it('lists the athletes and guardians, the account holder marked as you and not removable', async () => {
    serveHousehold({ guardians: [ME], athletes: [own, mina] });

    renderSection();

    const athletes = await screen.findByRole('heading', { name: 'Athletes' });
    expect(athletes).toBeInTheDocument();
    expect(screen.getByText('Born March 9, 2014')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Mina Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Jordan Lee' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Jordan Lee' })).toBeInTheDocument();
    expect(screen.getAllByText('(you)', { exact: false })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Leave this family account' })).not.toBeInTheDocument();
  });

  it('adds a child: the form’s messages first, consent for a minor, then the new athlete listed', async () => {
    // Prepare
    const calls = serveHousehold({ guardians: [ME], athletes: [own] });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add an athlete' }));

    // Act: an empty form first.
    await user.click(screen.getByRole('button', { name: 'Save athlete' }));

    // Assess
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose the teams the athlete plays on.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    // Act: filled in, a child born in 2014 who plays on girls' teams, consent given.
    await user.type(screen.getByLabelText('First name'), 'Mina');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Date of birth'), '2014-03-09');
    await user.type(screen.getByLabelText('Contact name'), 'Sam Lee');
    await user.type(screen.getByLabelText('Contact phone'), '780-555-0101');
    await user.type(screen.getByLabelText('Contact email'), 'sam@example.test');
    await user.selectOptions(screen.getByLabelText('Relationship'), 'parent');
    await user.click(screen.getByRole('radio', { name: 'Girls’ teams' }));
    await user.click(screen.getByRole('button', { name: 'Save athlete' }));
    expect(screen.getByText('Parent/guardian consent is required.')).toBeInTheDocument();
    await user.click(
      screen.getByLabelText(
        'I am the parent or guardian of this athlete and I consent to their registration.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save athlete' }));

    // Assess
    expect(await screen.findByText('Mina was added.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        route: 'addAthlete',
        body: {
          first_name: 'Mina',
          last_name: 'Lee',
          date_of_birth: '2014-03-09',
          emergency_contact_name: 'Sam Lee',
          emergency_contact_phone: '780-555-0101',
          emergency_contact_email: 'sam@example.test',
          emergency_contact_relationship: 'parent',
          parent_consent: true,
          division: 'girls',
        },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Remove Mina Lee' })).toBeInTheDocument();
  });

  it('asks before removing an athlete, and shows the server’s reason when it refuses', async () => {
    // Prepare
    const calls = serveHousehold({ guardians: [ME], athletes: [own, mina] });
    const { user } = renderSection();

    // Act: keep, then remove, then a refusal.
    await user.click(await screen.findByRole('button', { name: 'Remove Mina Lee' }));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Mina Lee' }));
    expect(screen.getByText('Remove Mina Lee from your family account?')).toBeInTheDocument();
    // What happens to past tryouts is said before the family decides (issue 34)
    expect(
      screen.getByText(
        'Their details are deleted. The club keeps its record of any past tryout (group, number, result and payments) without their name.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));

    // Assess
    expect(await screen.findByText('Mina was removed.')).toBeInTheDocument();
    expect(calls).toEqual([{ route: 'deleteAthlete', body: mina.id }]);
    expect(screen.queryByRole('button', { name: 'Remove Mina Lee' })).not.toBeInTheDocument();
  });

  it('says why a removal was refused', async () => {
    serveHousehold({ guardians: [ME], athletes: [own, mina] });
    server.use(
      onRoute('deleteAthlete', () =>
        HttpResponse.json(
          {
            message:
              'This athlete is registered for the current season. Withdraw the registration first, or contact the club.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderSection();

    await user.click(await screen.findByRole('button', { name: 'Remove Mina Lee' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This athlete is registered for the current season. Withdraw the registration first, or contact the club.',
    );
    expect(screen.getByRole('button', { name: 'Remove Mina Lee' })).toBeInTheDocument();
  });

  it('invites another parent by e-mail, refusing an address that is not one', async () => {
    // Prepare
    const calls = serveHousehold({ guardians: [ME], athletes: [own] });
    const { user } = renderSection();
    const field = await screen.findByLabelText('Their e-mail');

    // Act
    await user.type(field, 'sam@');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    await user.clear(field);
    await user.type(field, ' Sam@Example.test ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    // Assess
    expect(await screen.findByText('Invitation sent to sam@example.test.')).toBeInTheDocument();
    expect(calls).toEqual([{ route: 'inviteGuardian', body: { email: 'sam@example.test' } }]);
    expect(field).toHaveValue('');
  });

  it('offers an invitation that waited while its reader signed in, and accepts it', async () => {
    // Prepare
    sessionStorage.setItem('household-invite', 'a'.repeat(43));
    const calls = serveHousehold({ guardians: [ME], athletes: [own] });
    const { user } = renderSection();

    // Act
    const waiting = await screen.findByRole('group', {
      name: 'You have an invitation to join a family account.',
    });
    await user.click(within(waiting).getByRole('button', { name: 'Accept invitation' }));

    // Assess
    expect(await screen.findByText('You joined the family account.')).toBeInTheDocument();
    expect(calls).toEqual([{ route: 'acceptGuardianInvite', body: { token: 'a'.repeat(43) } }]);
    expect(sessionStorage.getItem('household-invite')).toBeNull();
  });

  it('offers registration for each athlete not registered yet, while registration is open', async () => {
    // Prepare: Mina is registered, the account holder is not.
    serveHousehold({ guardians: [ME], athletes: [own, mina] });
    serveSeason(true);
    const none = {
      hasRegistered: false,
      season: 'Fall 2025 Tryouts',
      tryout_number: null,
      result: '' as const,
      payment_method: null,
      payment_status: null,
      teamsnap_link: null,
      age_group: null,
    };
    server.use(
      onRoute('getHouseholdTryouts', () => [
        { athlete_id: own.id, ...none },
        { ...none, athlete_id: mina.id, hasRegistered: true, tryout_number: 4 },
      ]),
    );

    // Act
    renderSection();

    // Assess
    const link = await screen.findByRole('link', { name: 'Register for tryouts Jordan Lee' });
    expect(link).toHaveAttribute('href', '/tryout');
    expect(screen.queryByRole('link', { name: 'Register for tryouts Mina Lee' })).not.toBeInTheDocument();
  });

  it('offers no registration while it is closed', async () => {
    serveHousehold({ guardians: [ME], athletes: [own, mina] });

    renderSection();

    await screen.findByRole('heading', { name: 'Athletes' });
    expect(screen.queryByRole('link', { name: /Register for tryouts/ })).not.toBeInTheDocument();
  });
});

describe('a second child from the dashboard (issue 42)', () => {
  const kai = anAthlete({
    ...mina,
    id: '33333333-3333-4333-8333-333333333333',
    first_name: 'Kai',
    last_name: 'Lee-Okafor',
    date_of_birth: '2012-06-01',
    emergency_contact_name: 'Robin Okafor',
    emergency_contact_phone: '780-555-0177',
    emergency_contact_email: 'robin.okafor@example.test',
    emergency_contact_relationship: 'parent',
  });

  it('starts with the sibling’s surname and emergency contact, and the new child’s Register link shows at once', async () => {
    // Prepare: registration open, Kai registered already
    const calls = serveHousehold({ guardians: [ME], athletes: [own, kai] });
    serveSeason(true);
    const none = {
      hasRegistered: false,
      season: 'Fall 2025 Tryouts',
      tryout_number: null,
      result: '' as const,
      payment_method: null,
      payment_status: null,
      teamsnap_link: null,
      age_group: null,
    };
    server.use(
      onRoute('getHouseholdTryouts', () => [
        { ...none, athlete_id: own.id, hasRegistered: true, tryout_number: 3 },
        { ...none, athlete_id: kai.id, hasRegistered: true, tryout_number: 4 },
      ]),
    );
    const { user } = renderSection();
    await screen.findByRole('heading', { name: 'Athletes' });
    expect(screen.queryByRole('link', { name: /Register for tryouts/ })).not.toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Add an athlete' }));

    // Assess: Kai's surname and emergency contact, nothing else
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lee-Okafor');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('');
    expect(screen.getByLabelText('Contact name')).toHaveValue('Robin Okafor');
    expect(screen.getByLabelText('Contact phone')).toHaveValue('780-555-0177');
    expect(screen.getByLabelText('Contact email')).toHaveValue('robin.okafor@example.test');
    expect(screen.getByLabelText('Relationship')).toHaveValue('parent');

    // Act: the rest filled in, saved
    await user.type(screen.getByLabelText('First name'), 'Mina');
    await user.type(screen.getByLabelText('Date of birth'), '2014-03-09');
    await user.click(screen.getByRole('radio', { name: 'Girls’ teams' }));
    await user.click(
      screen.getByLabelText(
        'I am the parent or guardian of this athlete and I consent to their registration.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save athlete' }));

    // Assess: saved with the copied details; Mina's link to register, without a reload
    expect(await screen.findByText('Mina was added.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        route: 'addAthlete',
        body: {
          first_name: 'Mina',
          last_name: 'Lee-Okafor',
          date_of_birth: '2014-03-09',
          emergency_contact_name: 'Robin Okafor',
          emergency_contact_phone: '780-555-0177',
          emergency_contact_email: 'robin.okafor@example.test',
          emergency_contact_relationship: 'parent',
          parent_consent: true,
          division: 'girls',
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Register for tryouts Mina Lee-Okafor' })).toHaveAttribute(
      'href',
      '/tryout',
    );
  });
});

describe('invitations still waiting (issue 36)', () => {
  it('are listed beside the invite form, sent again with Resend and stopped with Cancel', async () => {
    // Prepare
    const calls = serveHousehold({ guardians: [ME], athletes: [own] });
    const waiting = {
      id: 'a'.repeat(64),
      email: 'sam@example.test',
      sent_by: 'Jordan Lee',
      sent_at: '2026-11-20T18:00:00.000Z',
      expires_at: '2026-11-27T18:00:00.000Z',
    };
    let list = [waiting];
    server.use(
      onRoute('listGuardianInvites', () => list),
      onRoute('cancelGuardianInvite', ({ params }) => {
        calls.push({ route: 'cancelGuardianInvite', body: params.id });
        list = [];
        return list;
      }),
    );
    const { user } = renderSection();

    // Assess
    const region = await screen.findByRole('region', { name: 'Invitations waiting' });
    expect(
      within(region).getByText('Sent by Jordan Lee on Nov 20; the link works until Nov 27.'),
    ).toBeInTheDocument();

    // Act: sent again, then cancelled.
    await user.click(within(region).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Invitation sent to sam@example.test.')).toBeInTheDocument();
    await user.click(
      within(region).getByRole('button', { name: 'Cancel the invitation to sam@example.test' }),
    );

    // Assess
    expect(await screen.findByText('The invitation to sam@example.test was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations waiting' })).not.toBeInTheDocument();
    expect(calls).toEqual([
      { route: 'inviteGuardian', body: { email: 'sam@example.test' } },
      { route: 'cancelGuardianInvite', body: 'a'.repeat(64) },
    ]);
  });
});
