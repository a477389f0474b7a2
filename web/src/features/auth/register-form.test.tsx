import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { server } from '../../test/server';
import { RegisterForm } from './register-form';
import { renderWithSession } from './test-render';

function CarriedEmail() {
  const state = useLocation().state as { email?: string } | null;
  return <h1>check email for {state?.email}</h1>;
}

const routes = [
  { path: '/register', element: <RegisterForm /> },
  { path: '/check-email', element: <CarriedEmail /> },
];

/** A birth date `years` years before today (in the club's zone). */
function yearsAgo(years: number): string {
  const [y, m, d] = todayInClubZone().split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
}

function renderRegister() {
  return { user: userEvent.setup(), ...renderWithSession(routes, '/register') };
}

function setBirthDate(value: string) {
  const input = screen.getByLabelText('Date of birth');
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, birthDate = yearsAgo(20)) {
  await user.type(screen.getByLabelText('First name'), 'Maya');
  await user.type(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('Email'), 'Maya@Example.com');
  await user.type(screen.getByLabelText('Password'), 'Strong!Pass123');
  setBirthDate(birthDate);
  await user.type(screen.getByLabelText('Phone number'), '(780) 555-0101');
  await user.type(screen.getByLabelText('Contact name'), 'Ada Okafor');
  await user.type(screen.getByLabelText('Contact phone'), '1-780-555-0102');
  await user.type(screen.getByLabelText('Contact email'), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Relationship'), 'parent');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create Account' }));

describe('RegisterForm', () => {
  it.each([
    ['First name', 'First name is required.'],
    ['Last name', 'Last name is required.'],
    ['Email', 'Email is required.'],
    ['Password', 'Password is required.'],
    ['Date of birth', 'Date of birth is required.'],
    ['Phone number', 'Phone number is required.'],
    ['Contact name', 'Contact name is required.'],
    ['Contact phone', 'Contact phone is required.'],
    ['Contact email', 'Contact email is required.'],
    ['Relationship', 'Relationship is required.'],
  ])('says "%s" is required when left empty', async (label, message) => {
    // Prepare
    renderRegister();
    const field = screen.getByLabelText(label);

    // Act
    fireEvent.blur(field);

    // Assess
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
  });

  it.each([
    ['Email', 'maya@', 'Invalid email format.'],
    ['Contact email', 'ada.example.com', 'Invalid email format.'],
    ['Phone number', '555-0101', 'Invalid Canadian phone number.'],
    ['Contact phone', '2-780-555-0102', 'Invalid Canadian phone number.'],
    [
      'Password',
      'short',
      'Password must include at least 12 characters, an uppercase letter, a number, a special character',
    ],
    ['Password', 'longenoughpassword1!', 'Password must include an uppercase letter'],
  ])('checks the shape of %s on blur', async (label, value, message) => {
    // Prepare
    const { user } = renderRegister();

    // Act
    await user.type(screen.getByLabelText(label), value);
    await user.tab();

    // Assess
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
  });

  it('refuses a birth date in the future', async () => {
    // Prepare
    renderRegister();

    // Act
    setBirthDate(yearsAgo(-1));

    // Assess
    expect(await screen.findByText('Date of birth cannot be in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('max', todayInClubZone());
  });

  it('on a failed submit says so, then scrolls to and focuses the first invalid field', async () => {
    // Prepare
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('First name'), 'Maya');

    // Act
    await submit(user);

    // Assess
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields above.');
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Relationship is required.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
  });

  it('asks for parent consent only under 18, and clears it when the birth date becomes an adult\u2019s', async () => {
    // Prepare
    const { user } = renderRegister();
    const consent = () => screen.queryByRole('checkbox', { name: /parent or guardian/i });
    expect(consent()).not.toBeInTheDocument();

    // Act: a 16-year-old
    setBirthDate(yearsAgo(16));

    // Assess
    expect(consent()).not.toBeChecked();
    await user.click(consent()!);
    expect(consent()).toBeChecked();

    // Act: an adult, then a minor again
    setBirthDate(yearsAgo(18));
    expect(consent()).not.toBeInTheDocument();
    setBirthDate(yearsAgo(17));

    // Assess: the earlier tick did not survive
    expect(consent()).not.toBeChecked();
  });

  it('requires parent consent for a minor on submit', async () => {
    // Prepare
    const { user } = renderRegister();
    await fillValid(user, yearsAgo(16));

    // Act
    await submit(user);

    // Assess
    expect(screen.getByText('Parent/guardian consent is required.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /parent or guardian/i })).toHaveAccessibleDescription(
      'Parent/guardian consent is required.',
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /parent or guardian/i })).toHaveFocus(),
    );
  });

  it('sends the checked fields, reads "Creating Account..." while busy, and goes to /check-email', async () => {
    // Prepare
    let body: unknown;
    let release!: () => void;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        body = await request.json();
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ success: true, message: 'ok' }, { status: 201 });
      }),
    );
    const { user } = renderRegister();
    await fillValid(user, yearsAgo(16));
    await user.click(screen.getByRole('checkbox', { name: /parent or guardian/i }));

    // Act
    await submit(user);

    // Assess
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release();
    expect(
      await screen.findByRole('heading', { name: 'check email for maya@example.com' }),
    ).toBeInTheDocument();
    expect(body).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya@example.com',
      password: 'Strong!Pass123',
      date_of_birth: yearsAgo(16),
      phone_number: '(780) 555-0101',
      emergency_contact_name: 'Ada Okafor',
      emergency_contact_phone: '1-780-555-0102',
      emergency_contact_email: 'ada@example.com',
      emergency_contact_relationship: 'parent',
      parent_consent: true,
    });
  });

  it('shows the server\u2019s field errors beside their fields', async () => {
    // Prepare
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: [{ field: 'phone_number', msg: 'Invalid Canadian phone number.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderRegister();
    await fillValid(user);

    // Act
    await submit(user);

    // Assess
    expect(await screen.findByLabelText('Phone number')).toHaveAccessibleDescription(
      'Invalid Canadian phone number.',
    );
  });

  it('shows the server message when no field is named', async () => {
    // Prepare
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json({ message: 'Too many attempts. Please wait.' }, { status: 429 }),
      ),
    );
    const { user } = renderRegister();
    await fillValid(user);

    // Act
    await submit(user);

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait.');
  });

  it('says "Registration failed." when the server gives no message', async () => {
    // Prepare
    server.use(http.post('/api/auth/register', () => new HttpResponse(null, { status: 502 })));
    const { user } = renderRegister();
    await fillValid(user);

    // Act
    await submit(user);

    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Registration failed\.$/);
    expect(within(alert.parentElement!).getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('shows and hides the password', async () => {
    // Prepare
    const { user } = renderRegister();

    // Act
    await user.click(screen.getByRole('button', { name: 'Show password' }));

    // Assess
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });
});

describe('RegisterForm for a parent or guardian (issue 17)', () => {
  it('asks for no birth date or emergency contact, needs the adult box, and sends the guardian sign-up', async () => {
    // Prepare
    let sent: unknown = null;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { message: 'Registration successful. Please check your email.' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderRegister();

    // Act
    await user.click(screen.getByRole('radio', { name: 'A parent or guardian' }));

    // Assess: the player's fields are gone.
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Contact name')).not.toBeInTheDocument();

    // Act: filled in, the adult box not ticked.
    await user.type(screen.getByLabelText('First name'), 'Robin');
    await user.type(screen.getByLabelText('Last name'), 'Quinn');
    await user.type(screen.getByLabelText('Email'), 'robin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Strong!Pass123');
    await user.type(screen.getByLabelText('Phone number'), '780-555-0199');
    await submit(user);
    expect(
      screen.getByText('Please confirm you are 18 or older: a parent or guardian account is for adults.'),
    ).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.click(screen.getByLabelText('I am 18 or older.'));
    await submit(user);

    // Assess
    expect(
      await screen.findByRole('heading', { name: 'check email for robin@example.com' }),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      account_type: 'guardian',
      first_name: 'Robin',
      last_name: 'Quinn',
      email: 'robin@example.com',
      password: 'Strong!Pass123',
      phone_number: '780-555-0199',
      is_adult: true,
    });
  });

  it('keeps the spec’s player form as the first choice', () => {
    renderRegister();

    expect(screen.getByRole('radio', { name: 'Me, a player' })).toBeChecked();
    expect(screen.getByLabelText('Date of birth')).toBeInTheDocument();
  });
});

describe('the password rules before the first attempt (issue 18)', () => {
  it('lists them under the password at once and ticks each off as it is met', async () => {
    const { user } = renderRegister();
    const rules = () =>
      within(screen.getByRole('list', { name: 'Your password needs' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    // Before anything is typed: every rule, none met, and no error shown.
    expect(rules()).toEqual([
      '• At least 12 characters (still needed)',
      '• An uppercase letter (still needed)',
      '• A lowercase letter (still needed)',
      '• A number (still needed)',
      '• A special character, such as ! ? # or @ (still needed)',
    ]);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');

    // 11 characters with every class: only the length is still needed; the 12th meets it.
    await user.type(screen.getByLabelText('Password'), 'Abcdefghi0!');
    expect(rules().filter((r) => r?.includes('still needed'))).toEqual([
      '• At least 12 characters (still needed)',
    ]);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(rules().every((r) => r?.startsWith('✓') && r.endsWith('(done)'))).toBe(true);
  });
});
