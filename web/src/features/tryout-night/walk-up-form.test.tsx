/**
 * The walk-up form (issue 42): besides the family's details it asks who to call in an emergency, any medical
 * notes and whether the club may use photos, and sends the answers with the walk-up.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TonightAnswer, WalkUpAnswer } from '@club/shared/tryout-night';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { WalkUpForm } from './walk-up-form';

const SEASON = '44444444-4444-4444-8444-444444444444';
const WALK_UP: TonightAnswer['walk_up'] = {
  open: true,
  age_groups: ['15U Boys', '15U Girls'],
  reference_year: 2025,
  fee_cents: 4500,
  waiver_text: '',
};

function serveWalkUp() {
  const sent: unknown[] = [];
  server.use(
    onRoute(
      'registerWalkUp',
      async ({ request }) => {
        sent.push(await request.json());
        return { message: 'Mia is registered as number 7 and checked in.' } as unknown as WalkUpAnswer;
      },
      { status: 201 },
    ),
  );
  return sent;
}

/** Types a whole value at once (a phone's keyboard is not what these tests are about). */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function fillFamily(user: ReturnType<typeof userEvent.setup>) {
  fill(screen.getByLabelText('First name'), 'Jordan');
  fill(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('E-mail (their account is sent here)'), 'jordan@example.test');
  fill(screen.getByLabelText('Phone'), '780-555-0111');
  fill(screen.getByLabelText('Child’s first name'), 'Mia');
  fill(screen.getByLabelText('Child’s last name'), 'Okafor');
  fill(screen.getByLabelText('Date of birth'), '2011-05-09');
  await user.click(screen.getByLabelText('Girls’ teams'));
  await user.selectOptions(screen.getByLabelText('Age group'), '15U Girls');
  await user.click(screen.getByLabelText('I took $45.00 in cash'));
}

describe('the walk-up form (issue 42)', () => {
  it('asks who to call in an emergency and about photos before it sends anything', async () => {
    const sent = serveWalkUp();
    const user = userEvent.setup();
    render(<WalkUpForm seasonId={SEASON} walkUp={WALK_UP} onDone={vi.fn()} onCancel={vi.fn()} />);
    await fillFamily(user);

    await user.click(screen.getByRole('button', { name: 'Register and check in' }));

    expect(screen.getByText('Ask who to call in an emergency.')).toBeInTheDocument();
    expect(screen.getByText('Ask whether the club may use photos and video.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the emergency contact, the medical notes and a "no photos" answer with the walk-up', async () => {
    const sent = serveWalkUp();
    const done = vi.fn();
    const user = userEvent.setup();
    render(<WalkUpForm seasonId={SEASON} walkUp={WALK_UP} onDone={done} onCancel={vi.fn()} />);
    await fillFamily(user);

    await user.type(screen.getByLabelText('Medical notes (optional)'), 'Asthma: inhaler in her bag.');
    await user.click(screen.getByLabelText('Someone else'));
    fill(screen.getByLabelText('Contact’s name'), 'Ada Okafor');
    fill(screen.getByLabelText('Contact’s phone'), '780-555-0177');
    fill(screen.getByLabelText('Contact’s e-mail'), 'ada@example.test');
    await user.selectOptions(screen.getByLabelText('Relationship to the child'), 'other_family');
    await user.click(screen.getByLabelText('No photos'));
    await user.click(screen.getByRole('button', { name: 'Register and check in' }));

    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        athlete: expect.objectContaining({ first_name: 'Mia', medical_notes: 'Asthma: inhaler in her bag.' }),
        emergency_contact: {
          name: 'Ada Okafor',
          phone_number: '780-555-0177',
          email: 'ada@example.test',
          relationship: 'other_family',
        },
        photo_consent: false,
      }),
    ]);
  });

  it('names the child in the photo question and sends a yes, with the parent as the emergency contact', async () => {
    const sent = serveWalkUp();
    const done = vi.fn();
    const user = userEvent.setup();
    render(<WalkUpForm seasonId={SEASON} walkUp={WALK_UP} onDone={done} onCancel={vi.fn()} />);
    await fillFamily(user);

    await user.click(screen.getByLabelText('The parent or guardian above'));
    await user.click(
      screen.getByLabelText('Yes: the club may use photos and video of Mia from tryouts this season'),
    );
    await user.click(screen.getByRole('button', { name: 'Register and check in' }));

    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ photo_consent: true });
    expect(sent[0]).not.toHaveProperty('emergency_contact');
  });
});
