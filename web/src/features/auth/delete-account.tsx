/**
 * "Delete my account" (issue 19): the password asked again, and a tick that says what happens. The call is
 * sent outside the session's refresh-and-retry: its 401 means a wrong password, not an expired sign-in.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiPath } from '@club/shared/routes';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { ApiError, apiRequest, callApi, serverMessageOr } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

const FAILED = 'We could not delete your account. Please try again.';

export function DeleteAccount() {
  const id = useId();
  const navigate = useNavigate();
  const { logout } = useSession();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; understood?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const found = {
      ...(password ? {} : { password: 'Enter your current password.' }),
      ...(understood ? {} : { understood: 'Tick the box to say you understand.' }),
    };
    setErrors(found);
    if (found.password || found.understood) return;
    setBusy(true);
    try {
      // A fresh sign-in token first, so the only 401 left is a wrong password.
      await callApi('getAccount');
      await apiRequest(apiPath('deleteAccount'), { method: 'DELETE', body: { password }, session: false });
      navigate('/account-deleted', { replace: true });
      await logout();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setErrors({ password: serverMessageOr(error, 'That is not your current password.') });
      } else {
        setFormError(serverMessageOr(error, FAILED));
      }
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <p>
        Your account, your sign-ins and, unless another parent or guardian remains, your household’s athletes
        are deleted. The club keeps its records of past tryouts (numbers, results, payments and refunds)
        without any name or contact. A registration of this season is withdrawn first. This cannot be undone.
      </p>
      <PasswordField
        id={`${id}-password`}
        label="Current password"
        value={password}
        error={errors.password}
        autoComplete="current-password"
        onValueChange={setPassword}
      />
      <div className="form-field form-check">
        <input
          id={`${id}-understood`}
          type="checkbox"
          checked={understood}
          aria-invalid={Boolean(errors.understood)}
          aria-describedby={errors.understood ? `${id}-understood-error` : undefined}
          onChange={(e) => setUnderstood(e.target.checked)}
        />
        <label htmlFor={`${id}-understood`}>I understand my account is deleted for good.</label>
        {errors.understood ? (
          <p id={`${id}-understood-error`} className="field-error">
            {errors.understood}
          </p>
        ) : null}
      </div>
      <FormError message={formError} />
      <button type="submit" className="button button-danger" aria-disabled={busy || undefined}>
        {busy ? 'Deleting…' : 'Delete my account'}
      </button>
    </form>
  );
}
