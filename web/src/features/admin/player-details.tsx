/**
 * The Player Details tab (spec §2): personal, contact, emergency contact and tryout information of the
 * registration whose name was chosen in the Tryouts table.
 */
import type { ReactNode, Ref } from 'react';
import { CLUB_TIME_ZONE } from '@club/shared/constants';
import { paymentLabel } from '@club/shared/tryouts';
import { EmailLink } from '../../components/email-link';
import type { AdminTryoutRow } from '@club/shared/types';
import { RELATIONSHIP_LABELS } from '@club/shared/tryouts';
import type { Notify } from '../../components/toast';
import { MAIL_STATUS_LABELS, resultLabel } from './labels';
import { FeePanel, feeCanChange } from './fee-panel';
import { RefundPanel } from './refund-panel';
import { PlayerTeam } from './place-on-team';
import { RowHistory } from './row-history';
import { tryoutId } from '@club/shared/ids';
import { adminMessages as t } from './messages';

type Entry = [term: string, value: ReactNode];

function DetailGroup({ title, entries }: { title: string; entries: Entry[] }) {
  return (
    <section className="admin-detail-group" aria-label={title}>
      <h3>{title}</h3>
      <dl className="admin-dl">
        {entries.map(([term, value], i) => (
          <div key={`${i}-${term}`}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** 2010-04-09 → "April 9, 2010" (the date as stored, no time zone shift). */
function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  );
}

const yesNo = (value: boolean) => (value ? t.yes : t.no);

/** An instant as Edmonton reads it: "November 27, 2026, 9:42 a.m.". */
function formatInstant(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  }).format(new Date(iso));
}

export function PlayerDetails({
  row,
  seasonName,
  onBack,
  headingRef,
  notify,
  onRefunded,
}: {
  row: AdminTryoutRow | null;
  seasonName: string;
  onBack: () => void;
  /** The player's name heading, focused when the tab opens on a player. */
  headingRef: Ref<HTMLHeadingElement>;
  notify: Notify;
  onRefunded: (row: AdminTryoutRow) => void;
}) {
  if (!row) {
    return (
      <div className="admin-details">
        <p className="admin-empty">{t.noPlayer}</p>
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t.backToTryouts}
        </button>
      </div>
    );
  }
  const name = `${row.first_name} ${row.last_name}`;
  return (
    <div className="admin-details">
      <div className="admin-details-head">
        <h2 ref={headingRef} tabIndex={-1}>
          {name}
        </h2>
        <p className="admin-details-sub">
          #{row.tryout_number} · {row.age_group} · {seasonName}
        </p>
      </div>
      <div className="admin-detail-grid">
        <DetailGroup
          title={t.personal}
          entries={[
            [t.firstName, row.first_name],
            [t.lastName, row.last_name],
            [t.dateOfBirth, formatDate(row.date_of_birth)],
            [t.under18, yesNo(row.is_under_18)],
            ...(row.is_under_18 ? ([[t.parentConsent, yesNo(row.parent_consent)]] as Entry[]) : []),
          ]}
        />
        <DetailGroup
          title={t.contact}
          entries={[
            [t.email, <EmailLink address={row.email} />],
            [t.phone, <a href={`tel:${row.phone_number.replace(/[^\d+]/g, '')}`}>{row.phone_number}</a>],
          ]}
        />
        <DetailGroup
          title={t.emergency}
          entries={[
            [t.contactName, row.emergency_contact_name],
            [
              t.relationship,
              RELATIONSHIP_LABELS[row.emergency_contact_relationship] ?? row.emergency_contact_relationship,
            ],
            [
              t.phone,
              <a href={`tel:${row.emergency_contact_phone.replace(/[^\d+]/g, '')}`}>
                {row.emergency_contact_phone}
              </a>,
            ],
            [t.email, <EmailLink address={row.emergency_contact_email} />],
          ]}
        />
        <DetailGroup
          title={t.guardians}
          entries={row.guardians.flatMap((g, i): Entry[] => [
            [t.guardianName(i + 1), g.name],
            [t.email, <EmailLink address={g.email} />],
            [t.phone, <a href={`tel:${g.phone_number.replace(/[^\d+]/g, '')}`}>{g.phone_number}</a>],
          ])}
        />
        <DetailGroup
          title={t.tryout}
          entries={[
            [t.season, seasonName],
            [t.number, String(row.tryout_number)],
            [t.ageGroup, row.age_group],
            [t.payment, paymentLabel(row.payment_method, row.payment_status, row)],
            [t.attended, yesNo(row.attended)],
            [t.result, resultLabel(row.result)],
            [t.emailResult, MAIL_STATUS_LABELS[row.email_status]],
            ...(row.withdrawn
              ? ([
                  [
                    t.status,
                    row.withdrawn_at
                      ? row.withdrawn_by
                        ? t.withdrawnBy(formatInstant(row.withdrawn_at), row.withdrawn_by)
                        : t.withdrawnOn(formatInstant(row.withdrawn_at))
                      : t.withdrawn,
                  ],
                ] as Entry[])
              : []),
          ]}
        />
        <DetailGroup
          title={t.askedAtRegistration}
          entries={[
            [
              t.waiver,
              row.waiver
                ? t.waiverAccepted(
                    row.waiver.signed_name,
                    formatInstant(row.waiver.accepted_at),
                    row.waiver.version,
                  )
                : t.noWaiver,
            ],
            [t.photoConsent, yesNo(row.photo_consent)],
            [t.financialSupport, row.financial_support_requested ? t.supportRequested : t.no],
            [
              t.medicalNotes,
              row.medical_notes ? <span className="admin-medical">{row.medical_notes}</span> : t.none,
            ],
          ]}
        />
        {feeCanChange(row) ? (
          <FeePanel key={`fee-${row.id}`} row={row} notify={notify} onChanged={onRefunded} />
        ) : null}
        <RefundPanel key={row.id} row={row} notify={notify} onRefunded={onRefunded} />
        {row.withdrawn ? null : (
          <PlayerTeam
            key={`team-${row.id}`}
            seasonId={tryoutId.parse(row.id)?.seasonId ?? ''}
            tryoutId={row.id}
            label={`#${row.tryout_number} ${row.first_name} ${row.last_name}`}
            ageGroup={row.age_group}
            notify={notify}
          />
        )}
        <RowHistory row={row} />
      </div>
      <button type="button" className="button button-secondary" onClick={onBack}>
        {t.backToTryouts}
      </button>
    </div>
  );
}
