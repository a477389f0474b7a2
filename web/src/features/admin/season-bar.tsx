/**
 * The top of the Tryouts tab (spec §2): the season selector (the newest first and selected), the season's
 * registration status OPEN/CLOSED with its open/close button, and the form that creates a season.
 */
import { memo, useId, useState, type FormEvent } from 'react';
import { fieldMessages } from '@club/shared/messages';
import { NewSeasonSchema, fieldErrors, type NewSeasonInput } from '@club/shared/schemas';
import { dollarsToCents } from '@club/shared/tryouts';
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

const FIELD_IDS = { name: 'name', tryout_fee_cents: 'fee', reference_year: 'year' } as const;

/**
 * Creates a season; a blank name gets spec §5's message and sends nothing; a refusal keeps what was typed.
 * Fee and age year may be left empty: the server then takes the last season's fee and the year in the name.
 */
export const NewSeasonForm = memo(function NewSeasonForm({
  onCreate,
  startOpen = false,
}: {
  onCreate: (input: NewSeasonInput) => Promise<boolean>;
  /** Shown open when there is no season yet. */
  startOpen?: boolean;
}) {
  const [name, setName] = useState('');
  const [fee, setFee] = useState('');
  const [year, setYear] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const cents = fee.trim() === '' ? undefined : (dollarsToCents(fee) ?? Number.NaN);
    const referenceYear =
      year.trim() === '' ? undefined : /^\d{4}$/.test(year.trim()) ? Number(year) : Number.NaN;
    const input = { name, tryout_fee_cents: cents, reference_year: referenceYear };
    const found = fieldErrors(NewSeasonSchema, input);
    if (Number.isNaN(cents)) found.tryout_fee_cents = fieldMessages.tryoutFeeInvalid;
    setErrors(found);
    const first = (['name', 'tryout_fee_cents', 'reference_year'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${FIELD_IDS[first]}`)?.focus();
      return;
    }
    setBusy(true);
    const created = await onCreate({
      name: name.trim(),
      ...(cents === undefined ? {} : { tryout_fee_cents: cents }),
      ...(referenceYear === undefined ? {} : { reference_year: referenceYear }),
    });
    setBusy(false);
    if (created) {
      setName('');
      setFee('');
      setYear('');
    }
  }

  return (
    <details className="admin-disclosure" open={startOpen || undefined}>
      <summary>{t.newSeason}</summary>
      <form className="admin-new-season" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id={`${id}-name`}
          label={t.seasonName}
          value={name}
          error={errors.name}
          placeholder={t.seasonNamePlaceholder}
          autoComplete="off"
          maxLength={100}
          onValueChange={(value) => {
            setName(value);
            if (errors.name) setErrors((e) => ({ ...e, name: undefined }));
          }}
        />
        <div className="admin-new-season-row">
          <TextField
            id={`${id}-fee`}
            label={t.tryoutFee}
            value={fee}
            error={errors.tryout_fee_cents}
            placeholder={t.newSeasonFeePlaceholder}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={setFee}
          />
          <TextField
            id={`${id}-year`}
            label={t.referenceYear}
            value={year}
            error={errors.reference_year}
            placeholder={t.newSeasonYearPlaceholder}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            onValueChange={setYear}
          />
        </div>
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
