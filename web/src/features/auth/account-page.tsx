/**
 * /account (issue 18): the signed-in account's own details. Each part saves on its own: name and phone; the
 * password (the current one asked; other devices are signed out); the e-mail address (a link goes to the new
 * address, and nothing changes until it is followed). Athletes' details and emergency contacts stay with each
 * athlete, in the dashboard's family section.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { registrationFields } from '@club/shared/schemas';
import type { AccountProfile } from '@club/shared/types';
import { TextField } from '../../components/form-field';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { callApi } from '../../lib/api-client';
import { CalendarLinkReset } from './calendar-link-reset';
import { ContactPhoneOffer, contactsWithOldPhone, type ContactOffer } from './contact-phone-offer';
import { DeleteAccount } from './delete-account';
import { MyDataDownloads } from './my-data';
import { useAccountForm, type FieldErrors } from './use-account-form';
import { useSessionActions } from './session-provider';
import './auth.css';
import './account.css';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Saved({ message }: { message: string }) {
  return message ? (
    <p role="status" className="form-success">
      {message}
    </p>
  ) : null;
}

function DetailsForm({
  account,
  onSaved,
}: {
  account: AccountProfile;
  onSaved: (a: AccountProfile) => void;
}) {
  const id = useId();
  const [first, setFirst] = useState(account.first_name);
  const [last, setLast] = useState(account.last_name);
  const [phone, setPhone] = useState(account.phone_number);
  const { errors, formError, saved, busy, submit: send } = useAccountForm(id);
  const { signIn } = useSessionActions();
  const [contactOffer, setContactOffer] = useState<ContactOffer | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const [field, value] of [
      ['first_name', first],
      ['last_name', last],
      ['phone_number', phone],
    ] as const) {
      const result = v.safeParse(registrationFields[field], value);
      if (!result.success) found[field] = result.issues[0].message;
    }
    void send(found, async () => {
      const written = await callApi('updateAccount', {
        body: { first_name: first, last_name: last, phone_number: phone },
      });
      onSaved(written);
      setContactOffer(await contactsWithOldPhone(account.phone_number, written.phone_number));
      // The navigation and the welcome read the name from the sign-in token: get one with the new name.
      const { refreshAccessToken } = await import('./api');
      const { token } = await refreshAccessToken().catch(() => ({ token: '' }));
      if (token) signIn(token);
      return 'Your details were saved.';
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <TextField
        id={`${id}-first_name`}
        label="First name"
        value={first}
        error={errors.first_name}
        autoComplete="given-name"
        onValueChange={setFirst}
      />
      <TextField
        id={`${id}-last_name`}
        label="Last name"
        value={last}
        error={errors.last_name}
        autoComplete="family-name"
        onValueChange={setLast}
      />
      <TextField
        id={`${id}-phone_number`}
        label="Phone number"
        type="tel"
        value={phone}
        error={errors.phone_number}
        autoComplete="tel"
        onValueChange={setPhone}
      />
      <FormError message={formError} />
      <Saved message={saved} />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Save details'}
      </button>
      {contactOffer ? <ContactPhoneOffer offer={contactOffer} onDone={() => setContactOffer(null)} /> : null}
    </form>
  );
}

function PasswordForm() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { errors, formError, saved, busy, submit: send } = useAccountForm(id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!current) found.current_password = 'Enter your current password.';
    const rules = v.safeParse(registrationFields.password, next);
    if (!rules.success) found.new_password = rules.issues[0].message;
    void send(found, async () => {
      const answer = await callApi('changePassword', {
        body: { current_password: current, new_password: next },
      });
      setCurrent('');
      setNext('');
      return answer.message;
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <PasswordField
        id={`${id}-current_password`}
        label="Current password"
        value={current}
        error={errors.current_password}
        autoComplete="current-password"
        onValueChange={setCurrent}
      />
      <PasswordField
        id={`${id}-new_password`}
        label="New password"
        value={next}
        error={errors.new_password}
        autoComplete="new-password"
        showRules
        onValueChange={setNext}
      />
      <FormError message={formError} />
      <Saved message={saved} />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

function EmailForm({ account, onAsked }: { account: AccountProfile; onAsked: (email: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const { errors, formError, saved, busy, submit: send } = useAccountForm(id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const address = v.safeParse(registrationFields.email, email);
    if (!address.success) found.email = address.issues[0].message;
    if (!current) found.current_password = 'Enter your current password.';
    void send(found, async () => {
      const answer = await callApi('changeEmail', { body: { email, current_password: current } });
      onAsked(address.success ? address.output : email);
      setEmail('');
      setCurrent('');
      return answer.message;
    });
  }

  return (
    <>
      <p>
        Your account uses <strong>{account.email}</strong>.
      </p>
      {account.pending_email ? (
        <p className="notice">
          Waiting for you to follow the link we sent to <strong>{account.pending_email}</strong>.
        </p>
      ) : null}
      <form className="auth-form" noValidate onSubmit={submit}>
        <TextField
          id={`${id}-email`}
          label="New e-mail address"
          type="email"
          value={email}
          error={errors.email}
          autoComplete="email"
          onValueChange={setEmail}
        />
        <PasswordField
          id={`${id}-current_password`}
          label="Current password"
          value={current}
          error={errors.current_password}
          autoComplete="current-password"
          onValueChange={setCurrent}
        />
        <FormError message={formError} />
        <Saved message={saved} />
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Sending…' : 'Send confirmation link'}
        </button>
      </form>
    </>
  );
}

export function AccountPage() {
  const [account, setAccount] = useState<AccountProfile | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    callApi('getAccount').then(
      (answer) => current && setAccount(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="account-page" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p className="account-back">
        <Link to="/dashboard">Back to your dashboard</Link>
      </p>
      {failed ? (
        <p role="alert" className="form-error">
          We could not load your account. Please refresh the page.
        </p>
      ) : !account ? (
        <p role="status">Loading your account…</p>
      ) : (
        <div className="account-parts">
          <Part id="account-details" title="Your details">
            <DetailsForm account={account} onSaved={setAccount} />
          </Part>
          <Part id="account-athletes" title="Athletes and emergency contacts">
            <p>
              {account.account_type === 'guardian'
                ? 'Each child’s details, emergency contact and consent are kept with that child.'
                : 'Your birth date, emergency contact and consent are kept with you as an athlete, beside any children you add.'}
            </p>
            <p>
              <Link className="button button-secondary" to="/dashboard#household-title">
                Edit athletes’ details
              </Link>
            </p>
          </Part>
          <Part id="account-password" title="Password">
            <PasswordForm />
          </Part>
          <Part id="account-calendar" title="Calendar link">
            <CalendarLinkReset />
          </Part>
          <Part id="account-data" title="Your data">
            <p>
              Everything the club stores about your account and your household’s athletes: details, consents,
              registrations of every season, payments and refunds, mail and sign-in history.
            </p>
            <MyDataDownloads />
          </Part>
          <Part id="account-email" title="E-mail address">
            <EmailForm
              account={account}
              onAsked={(email) => setAccount({ ...account, pending_email: email })}
            />
          </Part>
          <Part id="account-delete" title="Delete my account">
            <DeleteAccount />
          </Part>
        </div>
      )}
    </section>
  );
}
