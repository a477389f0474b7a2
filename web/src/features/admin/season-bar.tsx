/**
 * The top of the Tryouts tab (spec §2): the season selector (the newest first and selected), the season's
 * registration status OPEN/CLOSED with its open/close button, and the form that creates a season.
 */
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import { NewSeasonSchema, fieldErrors } from '@club/shared/schemas';
import type { AdminSeason } from '@club/shared/types';
import { TextField } from '../../components/form-field';
import { adminMessages as t } from './messages';

export const SeasonSelector = memo(function SeasonSelector({
  seasons,
  selectedId,
  onSelect,
}: {
  seasons: AdminSeason[];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field admin-season-select">
      <label htmlFor={id}>{t.season}</label>
      <select id={id} value={selectedId} onChange={(e) => onSelect(e.target.value)}>
        {seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
            {s.is_active ? t.activeSuffix : ''}
          </option>
        ))}
      </select>
    </div>
  );
});

export function RegistrationToggle({
  season,
  busy,
  onToggle,
}: {
  season: AdminSeason;
  busy: boolean;
  onToggle: () => Promise<void>;
}) {
  const open = season.is_registration_open;
  const statusId = useId();
  return (
    <div className="admin-registration">
      <p id={statusId} className="admin-registration-status">
        {t.registration}:{' '}
        <strong className={open ? 'admin-badge admin-badge-open' : 'admin-badge admin-badge-closed'}>
          {open ? t.open : t.closed}
        </strong>
      </p>
      <button
        type="button"
        className={open ? 'button button-secondary' : 'button'}
        aria-describedby={statusId}
        aria-disabled={busy || undefined}
        onClick={() => !busy && void onToggle()}
      >
        {busy ? (open ? t.closing : t.opening) : open ? t.closeRegistration : t.openRegistration}
      </button>
    </div>
  );
}

/** Creates a season; a blank name gets spec §5's message and sends nothing; a refusal keeps what was typed. */
export const NewSeasonForm = memo(function NewSeasonForm({
  onCreate,
  startOpen = false,
}: {
  onCreate: (name: string) => Promise<boolean>;
  /** Shown open when there is no season yet. */
  startOpen?: boolean;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const message = fieldErrors(NewSeasonSchema, { name }).name;
    setError(message);
    if (message) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    const created = await onCreate(name.trim());
    setBusy(false);
    if (created) setName('');
  }

  return (
    <details className="admin-disclosure" open={startOpen || undefined}>
      <summary>{t.newSeason}</summary>
      <form className="admin-new-season" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id={`${id}-name`}
          label={t.seasonName}
          value={name}
          error={error}
          placeholder={t.seasonNamePlaceholder}
          autoComplete="off"
          maxLength={100}
          inputRef={input}
          onValueChange={(value) => {
            setName(value);
            if (error) setError(undefined);
          }}
        />
        <p className="form-note">{t.newSeasonNote}</p>
        <p className="admin-form-actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t.creatingSeason : t.createSeason}
          </button>
        </p>
      </form>
    </details>
  );
});
