import { formatCad, paymentLabel } from '@club/shared/tryouts';
import type { MyTryout } from '@club/shared/types';
import { tryoutMessages as t } from './messages';

/** How a tryout result reads to the family (spec §2): Selected, Not Selected, or still to be decided. */
export function resultLabel(result: MyTryout['result']): string {
  if (result === 'selected') return t.selected;
  if (result === 'not_selected') return t.notSelected;
  return t.awaitingDecision;
}

/** What was paid, refunded and is still owed, each only when there is some (issue 15). */
function moneyRows(tryout: MyTryout): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (tryout.withdrawn) return rows;
  if (tryout.amount_paid_cents) rows.push([t.amountPaid, formatCad(tryout.amount_paid_cents)]);
  if (tryout.amount_refunded_cents) rows.push([t.amountRefunded, formatCad(tryout.amount_refunded_cents)]);
  if (tryout.amount_due_cents) rows.push([t.amountOwed, formatCad(tryout.amount_due_cents)]);
  return rows;
}

/**
 * A registration as a description list: season, tryout number and payment, and with `full` (the dashboard)
 * the age group and the result too.
 */
export function RegistrationDetails({ tryout, full = false }: { tryout: MyTryout; full?: boolean }) {
  const rows: Array<[string, string]> = [
    [t.season, tryout.season ?? '—'],
    [t.tryoutNumber, tryout.tryout_number === null ? '—' : String(tryout.tryout_number)],
    ...(full
      ? ([
          [t.ageGroupLabel, tryout.age_group ?? '—'],
          [t.status, tryout.withdrawn ? t.withdrawnStatus : resultLabel(tryout.result)],
        ] as Array<[string, string]>)
      : []),
    [
      t.payment,
      paymentLabel(
        tryout.payment_method,
        tryout.payment_status,
        tryout.amount_paid_cents === undefined || tryout.amount_due_cents === undefined
          ? undefined
          : { amount_paid_cents: tryout.amount_paid_cents, amount_due_cents: tryout.amount_due_cents },
      ) || '—',
    ],
    ...(full ? moneyRows(tryout) : []),
  ];
  return (
    <dl className="tryout-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
