/**
 * A season's settings (issue 15): its name, tryout fee (in dollars), the year its age groups count from, and
 * its sessions (tryouts and open gyms: age groups, day, start and end in Edmonton time, gym and address),
 * checked with the shared UpdateSeasonSchema and saved together. The year is locked once players have
 * registered (the server refuses it too). A refusal keeps everything typed.
 */
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { fieldMessages } from '@club/shared/messages';
import { UpdateSeasonSchema, type UpdateSeasonInput } from '@club/shared/schemas';
import { centsToDollars, dollarsToCents, formatCad } from '@club/shared/tryouts';
import type { AdminSeason } from '@club/shared/types';
import { FieldError, TextField } from '../../components/form-field';
import { adminMessages as t } from './messages';
import { errorsOf, fromDraft, newDraft, SessionFields, toDraft, type Errors } from './session-fields';

export const SeasonSettings = memo(function SeasonSettings({
  season,
  hasRegistrations,
  onSave,
}: {
  season: AdminSeason;
  /** The age year is locked once anyone has registered. */
  hasRegistrations: boolean;
  /** Saves the settings; true when saved (the toasts are the caller's). */
  onSave: (id: string, input: UpdateSeasonInput) => Promise<boolean>;
}) {
  const [name, setName] = useState(season.name);
  const [fee, setFee] = useState(centsToDollars(season.tryout_fee_cents));
  const [siblingFee, setSiblingFee] = useState(centsToDollars(season.sibling_fee_cents));
  const [year, setYear] = useState(String(season.reference_year));
  const [opensOn, setOpensOn] = useState(season.registration_opens_on ?? '');
  const [sessions, setSessions] = useState(() => season.sessions.map(toDraft));
  // Once saved, each row takes the id the server gave its session (issue 36), so the next save edits that
  // session (its calendar event and change mail follow it) instead of making a new one. The server keeps
  // the order it was sent.
  const [idsFrom, setIdsFrom] = useState(season.sessions);
  if (idsFrom !== season.sessions) {
    setIdsFrom(season.sessions);
    setSessions((drafts) =>
      drafts.length === season.sessions.length
        ? drafts.map((draft, i) => ({ ...draft, id: season.sessions[i]?.id ?? draft.id }))
        : drafts,
    );
  }
  const [waiver, setWaiver] = useState(season.waiver_text);
  const [refundPolicy, setRefundPolicy] = useState(season.refund_policy);
  // Interac e-Transfer (issue 46): off until the admin turns it on with the club's address.
  const [etransferOn, setEtransferOn] = useState(season.etransfer?.enabled ?? false);
  const [etransferAddress, setEtransferAddress] = useState(season.etransfer?.address ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  /** The first field in error takes the focus (a session in error: its first control). */
  function focusFirstError(found: Errors) {
    const field = (
      ['name', 'tryout_fee_cents', 'sibling_fee_cents', 'reference_year', 'registration_opens_on'] as const
    ).find((key) => found[key]);
    if (field) {
      const suffix = {
        name: 'name',
        tryout_fee_cents: 'fee',
        sibling_fee_cents: 'sibling',
        reference_year: 'year',
        registration_opens_on: 'opens',
      }[field];
      document.getElementById(`${id}-${suffix}`)?.focus();
      return;
    }
    const index = sessions.findIndex((_, i) => found[`sessions.${i}`]);
    form.current?.querySelectorAll('.admin-session')[index]?.querySelector<HTMLElement>('select')?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const cents = dollarsToCents(fee);
    const siblingCents = dollarsToCents(siblingFee);
    const input = {
      name,
      tryout_fee_cents: cents ?? Number.NaN,
      sibling_fee_cents: siblingCents ?? Number.NaN,
      reference_year: /^\d{4}$/.test(year.trim()) ? Number(year) : Number.NaN,
      sessions: sessions.map(fromDraft),
      registration_opens_on: opensOn.trim(),
      // Sent only when changed: a new waiver text is a new version families accept (issue 36).
      ...(waiver.trim() !== season.waiver_text ? { waiver_text: waiver } : {}),
      ...(refundPolicy.trim() !== season.refund_policy ? { refund_policy: refundPolicy } : {}),
      // Sent only when changed, so a season that never used it is saved as before.
      ...(etransferOn !== (season.etransfer?.enabled ?? false) ||
      etransferAddress.trim() !== (season.etransfer?.address ?? '')
        ? { etransfer: { enabled: etransferOn, address: etransferAddress.trim() || null } }
        : {}),
    };
    const parsed = v.safeParse(UpdateSeasonSchema, input);
    const found = parsed.success ? {} : errorsOf(parsed.issues);
    if (cents === null) found.tryout_fee_cents = fieldMessages.tryoutFeeInvalid;
    if (siblingCents === null) found.sibling_fee_cents = fieldMessages.siblingFeeInvalid;
    else if (cents !== null && siblingCents > cents)
      found.sibling_fee_cents = fieldMessages.siblingFeeAboveFee;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) {
      focusFirstError(found);
      return;
    }
    setBusy(true);
    const { reference_year, ...rest } = parsed.output;
    // A locked year is not sent at all, so changing the fee or sessions never trips over it.
    await onSave(season.id, hasRegistrations ? rest : { ...rest, reference_year });
    setBusy(false);
  }

  return (
    <details className="admin-disclosure admin-settings">
      <summary>
        <span>
          {t.seasonSettings}{' '}
          <span className="admin-summary-note">
            ({formatCad(season.tryout_fee_cents)} · {t.sessionCount(season.sessions.length)})
          </span>
        </span>
      </summary>
      <form ref={form} className="admin-settings-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-settings-grid">
          <TextField
            id={`${id}-name`}
            label={t.settingsName}
            value={name}
            error={errors.name}
            autoComplete="off"
            maxLength={100}
            onValueChange={setName}
          />
          <TextField
            id={`${id}-fee`}
            label={t.tryoutFee}
            value={fee}
            error={errors.tryout_fee_cents}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={setFee}
          />
          <TextField
            id={`${id}-sibling`}
            label={t.siblingFee}
            value={siblingFee}
            error={errors.sibling_fee_cents}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={setSiblingFee}
          />
          <div className="form-field">
            <label htmlFor={`${id}-year`}>{t.referenceYear}</label>
            <input
              id={`${id}-year`}
              aria-invalid={Boolean(errors.reference_year)}
              aria-describedby={[errors.reference_year ? `${id}-year-error` : '', `${id}-year-note`]
                .filter(Boolean)
                .join(' ')}
              inputMode="numeric"
              maxLength={4}
              value={year}
              disabled={hasRegistrations}
              onChange={(e) => setYear(e.target.value)}
            />
            <FieldError id={`${id}-year`} error={errors.reference_year} />
            <p id={`${id}-year-note`} className="form-note">
              {hasRegistrations ? t.referenceYearLocked : t.referenceYearNote}
            </p>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-opens`}>{t.registrationOpensOn}</label>
            <input
              id={`${id}-opens`}
              type="date"
              aria-invalid={Boolean(errors.registration_opens_on)}
              aria-describedby={[errors.registration_opens_on ? `${id}-opens-error` : '', `${id}-opens-note`]
                .filter(Boolean)
                .join(' ')}
              value={opensOn}
              onChange={(e) => setOpensOn(e.target.value)}
            />
            <FieldError id={`${id}-opens`} error={errors.registration_opens_on} />
            <p id={`${id}-opens-note`} className="form-note">
              {t.registrationOpensOnNote}
            </p>
          </div>
        </div>
        <p className="form-note">{t.tryoutFeeNote}</p>
        <h3 className="admin-settings-heading">{t.sessions}</h3>
        {sessions.length === 0 ? <p className="form-note">{t.noSessions}</p> : null}
        {sessions.map((draft, index) => (
          <SessionFields
            key={draft.key}
            draft={draft}
            index={index}
            error={errors[`sessions.${index}`]}
            onChange={(next) => setSessions((all) => all.map((s) => (s.key === draft.key ? next : s)))}
            onRemove={() => setSessions((all) => all.filter((s) => s.key !== draft.key))}
          />
        ))}
        <FieldError id={`${id}-sessions`} error={errors.sessions} />
        <h3 className="admin-settings-heading">{t.familyTexts}</h3>
        <div className="form-field">
          <label htmlFor={`${id}-waiver`}>{t.waiverText}</label>
          <textarea
            id={`${id}-waiver`}
            rows={5}
            value={waiver}
            aria-invalid={Boolean(errors.waiver_text)}
            aria-describedby={`${id}-waiver-note`}
            onChange={(e) => setWaiver(e.target.value)}
          />
          <FieldError id={`${id}-waiver`} error={errors.waiver_text} />
          <p id={`${id}-waiver-note`} className="form-note">
            {season.waiver_text ? t.waiverTextNoteVersion(season.waiver_version) : t.waiverTextNote}
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-refund-policy`}>{t.refundPolicy}</label>
          <textarea
            id={`${id}-refund-policy`}
            rows={3}
            value={refundPolicy}
            aria-invalid={Boolean(errors.refund_policy)}
            aria-describedby={`${id}-refund-policy-note`}
            onChange={(e) => setRefundPolicy(e.target.value)}
          />
          <FieldError id={`${id}-refund-policy`} error={errors.refund_policy} />
          <p id={`${id}-refund-policy-note`} className="form-note">
            {t.refundPolicyNote}
          </p>
        </div>
        <h3 className="admin-settings-heading">{t.etransferSettings}</h3>
        <div className="form-check">
          <input
            id={`${id}-etransfer`}
            type="checkbox"
            checked={etransferOn}
            onChange={(e) => setEtransferOn(e.target.checked)}
          />
          <label htmlFor={`${id}-etransfer`}>{t.etransferOn}</label>
        </div>
        <TextField
          id={`${id}-etransfer-address`}
          label={t.etransferAddress}
          value={etransferAddress}
          error={errors.etransfer}
          type="email"
          autoComplete="off"
          maxLength={254}
          onValueChange={setEtransferAddress}
        />
        <p className="form-note">{t.etransferNote}</p>
        <p className="admin-form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setSessions((all) => [...all, newDraft(all.at(-1))])}
          >
            {t.addSession}
          </button>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t.saving : t.saveSettings}
          </button>
        </p>
      </form>
    </details>
  );
});
