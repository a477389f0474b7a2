/**
 * Every rule and message of spec §5, checked against the spec's own words (written out here, not read from
 * messages.ts, so a drifting message fails).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { todayInClubZone } from './dates';
import { amountsOf, centsToDollars, dollarsToCents, paymentLabel } from './tryouts';
import { missingPasswordRequirements, registrationPasswordMessage, resetPasswordMessage } from './password';
import {
  EmailOnlySchema,
  LoginSchema,
  NewSeasonSchema,
  RegistrationSchema,
  ResetPasswordBodySchema,
  ResetPasswordFormSchema,
  TryoutRegistrationSchema,
  fieldErrors,
  isCanadianPhone,
  registrationFields,
} from './schemas';

const valid = {
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'jordan@example.com',
  password: 'Correct!Horse9Battery',
  date_of_birth: '1990-04-12',
  phone_number: '780-555-0134',
  emergency_contact_name: 'Sam Lee',
  emergency_contact_phone: '7805550199',
  emergency_contact_email: 'sam@example.com',
  emergency_contact_relationship: 'parent',
  parent_consent: false,
};

function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayInClubZone().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d - days));
  return date.toISOString().slice(0, 10);
}

const errorsOf = (value: unknown) => fieldErrors(RegistrationSchema, value);

describe('registration fields (spec §5 table)', () => {
  it('accepts a complete adult registration', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it.each([
    ['first_name', 'First name is required.'],
    ['last_name', 'Last name is required.'],
    ['email', 'Email is required.'],
    ['password', 'Password is required.'],
    ['date_of_birth', 'Date of birth is required.'],
    ['phone_number', 'Phone number is required.'],
    ['emergency_contact_name', 'Contact name is required.'],
    ['emergency_contact_phone', 'Contact phone is required.'],
    ['emergency_contact_email', 'Contact email is required.'],
    ['emergency_contact_relationship', 'Relationship is required.'],
  ])('%s empty or missing: "%s"', (field, message) => {
    expect(errorsOf({ ...valid, [field]: '' })[field]).toBe(message);
    const { [field]: _dropped, ...missing } = valid as Record<string, unknown>;
    expect(errorsOf(missing)[field]).toBe(message);
  });

  it('treats blank text (spaces only) as empty', () => {
    expect(errorsOf({ ...valid, first_name: '   ' }).first_name).toBe('First name is required.');
  });

  it('checks the e-mail shape: "Invalid email format."', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' }).email).toBe('Invalid email format.');
    expect(errorsOf({ ...valid, email: 'a@b' }).email).toBe('Invalid email format.');
    expect(errorsOf({ ...valid, emergency_contact_email: 'nope' }).emergency_contact_email).toBe(
      'Invalid email format.',
    );
  });

  it('stores e-mails trimmed and lower-cased', () => {
    const out = v.parse(RegistrationSchema, { ...valid, email: '  Jordan@Example.COM ' });
    expect(out.email).toBe('jordan@example.com');
  });

  it('lists the missing password parts: "Password must include …"', () => {
    expect(errorsOf({ ...valid, password: 'abc' }).password).toBe(
      'Password must include at least 12 characters, an uppercase letter, a number, a special character',
    );
    expect(errorsOf({ ...valid, password: 'ABCDEFGHIJKL1!' }).password).toBe(
      'Password must include a lowercase letter',
    );
    expect(registrationPasswordMessage(['length', 'uppercase', 'lowercase', 'number', 'special'])).toBe(
      'Password must include at least 12 characters, an uppercase letter, a lowercase letter, a number, a special character',
    );
  });

  it('counts exactly the spec special characters !@#$%^&*(),.?":{}|<> as special', () => {
    for (const c of '!@#$%^&*(),.?":{}|<>') {
      expect(missingPasswordRequirements(`Abcdefghij1${c}`)).toEqual([]);
    }
    for (const c of "-_+=~/\\[];'`") {
      expect(missingPasswordRequirements(`Abcdefghij1${c}`)).toEqual(['special']);
    }
  });

  /** A well-formed one-time token, as a reset link carries it. */
  const LINK_TOKEN = 'a'.repeat(43);

  // Each password below has exactly one member of the class under test, at one end of the class.
  it.each([
    ['its only uppercase letter is A', 'Abcdefghij1!'],
    ['its only uppercase letter is Z', 'Zbcdefghij1!'],
    ['its only lowercase letter is a', 'ABCDEFGHIJa1!'],
    ['its only lowercase letter is z', 'ABCDEFGHIJz1!'],
    ['its only digit is 0', 'Abcdefghij0!'],
    ['its only digit is 9', 'Abcdefghij9!'],
    ['its only special character is the first of the list, !', 'Abcdefghij1!'],
    ['its only special character is the last of the list, >', 'Abcdefghij1>'],
    ['its only special character is the one before the last, <', 'Abcdefghij1<'],
  ])('accepts a password when %s', (_edge, password) => {
    expect(missingPasswordRequirements(password)).toEqual([]);
    expect(errorsOf({ ...valid, password }).password).toBeUndefined();
    expect(fieldErrors(ResetPasswordBodySchema, { token: LINK_TOKEN, password })).toEqual({});
  });

  it.each([
    ['abcdefghij0>', 'an uppercase letter', 'include an uppercase letter'],
    ['ABCDEFGHIJ0>', 'a lowercase letter', 'include a lowercase letter'],
    ['Abcdefghijk>', 'a number', 'include a number'],
    ['Abcdefghij0k', 'a special character', 'include a special character'],
    ['Abcdefghi0>', 'at least 12 characters', 'be at least 12 characters long'],
  ])('refuses %s, naming only what it lacks', (password, registrationPart, resetPart) => {
    expect(errorsOf({ ...valid, password }).password).toBe(`Password must include ${registrationPart}`);
    expect(fieldErrors(ResetPasswordBodySchema, { token: LINK_TOKEN, password }).password).toBe(
      `Password must ${resetPart}`,
    );
  });

  it('needs at least 12 characters: 11 is short, 12 is enough', () => {
    expect(missingPasswordRequirements('Abcdefghi1!')).toEqual(['length']);
    expect(missingPasswordRequirements('Abcdefghij1!')).toEqual([]);
  });

  it('accepts a birth date of today and refuses tomorrow', () => {
    expect(errorsOf({ ...valid, date_of_birth: todayInClubZone(), parent_consent: true }).date_of_birth).toBe(
      undefined,
    );
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf({ ...valid, date_of_birth: tomorrow }).date_of_birth).toBe(
      'Date of birth cannot be in the future.',
    );
  });

  it.each([
    ['7805550134', true],
    ['(780) 555-0134', true],
    ['780.555.0134', true],
    ['17805550134', true],
    ['+1 780 555 0134', true],
    ['27805550134', false],
    ['780555013', false],
    ['178055501345', false],
    ['abc', false],
  ])('phone %s valid: %s (10 digits, optionally led by 1)', (phone, ok) => {
    expect(isCanadianPhone(phone)).toBe(ok);
    const errors = errorsOf({ ...valid, phone_number: phone, emergency_contact_phone: phone });
    expect(errors.phone_number).toBe(ok ? undefined : 'Invalid Canadian phone number.');
    expect(errors.emergency_contact_phone).toBe(ok ? undefined : 'Invalid Canadian phone number.');
  });

  it('accepts only the four relationships', () => {
    for (const r of ['parent', 'guardian', 'other_family', 'other']) {
      expect(v.safeParse(registrationFields.emergency_contact_relationship, r).success).toBe(true);
    }
    expect(
      errorsOf({ ...valid, emergency_contact_relationship: 'friend' }).emergency_contact_relationship,
    ).toBe('Relationship is required.');
  });

  it('requires parent consent under 18 only, turning 18 on the birthday', () => {
    const seventeen = yearsAgo(18, -1); // 18th birthday is tomorrow
    const eighteen = yearsAgo(18);

    expect(errorsOf({ ...valid, date_of_birth: seventeen }).parent_consent).toBe(
      'Parent/guardian consent is required.',
    );
    expect(errorsOf({ ...valid, date_of_birth: seventeen, parent_consent: true })).toEqual({});
    expect(errorsOf({ ...valid, date_of_birth: eighteen })).toEqual({});
  });

  it('shows the consent message alongside other fields, not only once all else is valid', () => {
    const errors = errorsOf({ ...valid, first_name: '', phone_number: '1', date_of_birth: yearsAgo(10) });
    expect(errors).toEqual({
      first_name: 'First name is required.',
      phone_number: 'Invalid Canadian phone number.',
      parent_consent: 'Parent/guardian consent is required.',
    });
  });
});

describe('login, forgot-password and reset (spec §5)', () => {
  it('login needs both e-mail and password', () => {
    expect(fieldErrors(LoginSchema, {})).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(fieldErrors(LoginSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('forgot-password trims the e-mail and requires it', () => {
    expect(v.parse(EmailOnlySchema, { email: '  Someone@Example.com  ' }).email).toBe('someone@example.com');
    expect(fieldErrors(EmailOnlySchema, { email: '   ' }).email).toBe('Email is required.');
  });

  it('reset uses the same strength rule, worded "Password must " + missing requirements joined by commas', () => {
    expect(fieldErrors(ResetPasswordBodySchema, { password: 'abc' }).password).toBe(
      'Password must be at least 12 characters long, include an uppercase letter, include a number, include a special character',
    );
    expect(resetPasswordMessage(['length', 'uppercase', 'lowercase', 'number', 'special'])).toBe(
      'Password must be at least 12 characters long, include an uppercase letter, include a lowercase letter, include a number, include a special character',
    );
    const token = 'A'.repeat(43);
    expect(fieldErrors(ResetPasswordBodySchema, { token, password: valid.password })).toEqual({});
    expect(fieldErrors(ResetPasswordBodySchema, { password: valid.password })).toEqual({
      token: 'Invalid or expired link.',
    });
  });

  it('asks to confirm the password, and says when the two differ (even while the password is weak)', () => {
    expect(fieldErrors(ResetPasswordFormSchema, { password: valid.password, confirm_password: '' })).toEqual({
      confirm_password: 'Please confirm your password.',
    });
    expect(
      fieldErrors(ResetPasswordFormSchema, { password: valid.password, confirm_password: 'Other!Pass1234' }),
    ).toEqual({ confirm_password: 'Passwords do not match.' });
    expect(
      fieldErrors(ResetPasswordFormSchema, { password: 'weak', confirm_password: 'weak2' }).confirm_password,
    ).toBe('Passwords do not match.');
    expect(
      fieldErrors(ResetPasswordFormSchema, { password: valid.password, confirm_password: valid.password }),
    ).toEqual({});
  });
});

describe('tryout and season forms (spec §5)', () => {
  it('needs both payment method and age group', () => {
    const message = 'Please select both payment method and age group.';
    expect(fieldErrors(TryoutRegistrationSchema, {})).toEqual({
      payment_method: message,
      age_group: message,
    });
    expect(fieldErrors(TryoutRegistrationSchema, { payment_method: 'cash' })).toEqual({ age_group: message });
    expect(
      fieldErrors(TryoutRegistrationSchema, { payment_method: 'stripe', age_group: '15U Girls' }),
    ).toEqual({});
  });

  it.each(['13U Boys', '15U Boys', '16U Boys', '17U Boys', '18U Boys', '15U Girls', '17U Girls'])(
    'offers the spec’s age group %s',
    (age_group) => {
      expect(fieldErrors(TryoutRegistrationSchema, { payment_method: 'cash', age_group })).toEqual({});
    },
  );

  it.each(['14U Boys', '13U Girls', '16U Girls', '19U Boys', '15u boys'])(
    'refuses %s, which the spec does not list',
    (age_group) => {
      expect(fieldErrors(TryoutRegistrationSchema, { payment_method: 'cash', age_group })).toEqual({
        age_group: 'Please select both payment method and age group.',
      });
    },
  );

  it('needs a non-blank season name', () => {
    expect(fieldErrors(NewSeasonSchema, { name: '   ' })).toEqual({ name: 'Please enter a season name.' });
    expect(fieldErrors(NewSeasonSchema, {})).toEqual({ name: 'Please enter a season name.' });
    expect(v.parse(NewSeasonSchema, { name: '  Fall 2026 ' }).name).toBe('Fall 2026');
  });
});

describe('names are names (first, last, emergency contact)', () => {
  const nameErrors = (name: string) => {
    const errors = errorsOf({ ...valid, first_name: name, last_name: name, emergency_contact_name: name });
    return [errors.first_name, errors.last_name, errors.emergency_contact_name];
  };

  it.each([
    'Zoë',
    "O'Neil",
    'D’Angelo',
    'Nguyễn',
    '李',
    'Jean-Luc',
    'María José',
    'A.J.',
    'St. John',
    'Łukasz',
    'Ngũgĩ wa',
    'محمد',
    'अर्जुन',
    'Ólafur',
  ])('accepts %s', (name) => {
    expect(nameErrors(name)).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['a NUL', 'Eve\u0000'],
    ['a newline', 'Eve\nClaim your prize'],
    ['a tab', 'Eve\tQuinn'],
    ['a right-to-left override', 'Eve\u202Egnp.exe'],
    ['a direction isolate', 'Eve\u2066x\u2069'],
    ['a spam line with a host name', 'Claim your prize at evil.example,'],
    ['a host name alone', 'evil.example'],
    ['a short link', 't.co'],
    ['a URL', 'https://evil.example'],
    ['www', 'www.evil'],
    ['an e-mail address', 'eve@example.com'],
    ['angle brackets', 'Eve <b>'],
    ['digits', 'Eve 2'],
    ['punctuation only', "'-."],
  ])('refuses %s with each field’s message', (_why, name) => {
    expect(nameErrors(name)).toEqual([
      'First name can use letters, spaces, apostrophes, hyphens and periods only.',
      'Last name can use letters, spaces, apostrophes, hyphens and periods only.',
      'Contact name can use letters, spaces, apostrophes, hyphens and periods only.',
    ]);
  });
});

describe('dollarsToCents', () => {
  it.each([
    ['85', 8500],
    ['85.5', 8550],
    ['$85.00', 8500],
    [' 0 ', 0],
    ['1,000', 100_000],
    ['1000.00', 100_000],
    ['0.01', 1],
  ])('reads %j as %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '85.001', '-5', '8,5', '1e3', '$'])('is not an amount: %j', (text) => {
    expect(dollarsToCents(text)).toBeNull();
  });

  it('shows cents back as a fee field does', () => {
    expect(centsToDollars(8500)).toBe('85.00');
    expect(centsToDollars(1)).toBe('0.01');
  });
});

describe('what a registration has paid and owes', () => {
  it.each([
    ['cash', { amount_paid_cents: 0, amount_due_cents: 4500 }],
    ['pending', { amount_paid_cents: 0, amount_due_cents: 4500 }],
    ['failed', { amount_paid_cents: 0, amount_due_cents: 4500 }],
    ['processing', { amount_paid_cents: 0, amount_due_cents: 0 }],
    ['paid', { amount_paid_cents: 4500, amount_due_cents: 0 }],
  ] as const)('a %s registration of a $45.00 fee', (status, amounts) => {
    expect(amountsOf({ amount_cents: 4500, payment_status: status })).toEqual({
      ...amounts,
      amount_refunded_cents: 0,
    });
  });

  it('reads "No fee" for a free registration, and as before otherwise', () => {
    const free = amountsOf({ amount_cents: 0, payment_status: 'paid' });
    expect(paymentLabel('cash', 'paid', free)).toBe('No fee');
    expect(paymentLabel('cash', 'paid', amountsOf({ amount_cents: 4500, payment_status: 'paid' }))).toBe(
      'Cash (paid)',
    );
    expect(paymentLabel('stripe', 'pending')).toBe('Pending (Card)');
  });
});
