/** How a registration's result and result-mail state read in the admin table and the details (spec §2). */
import { RESULT_LABELS } from '@club/shared/tryouts';
import type { AdminTryoutRow, ResultMailStatus } from '@club/shared/types';
import { adminMessages as t } from './messages';

export const RESULT_OPTIONS: Array<{ value: AdminTryoutRow['result']; label: string }> = (
  ['', 'selected', 'not_selected'] as const
).map((value) => ({ value, label: RESULT_LABELS[value] }));

export function resultLabel(result: AdminTryoutRow['result']): string {
  return RESULT_LABELS[result] ?? RESULT_LABELS[''];
}

export const MAIL_STATUS_LABELS: Record<ResultMailStatus, string> = {
  sent: t.sent,
  not_sent: t.notSent,
  queued: t.queued,
  failed: t.failed,
};

/** "#12 Maya Okafor": how a row is named to a screen reader beside its controls. */
export function rowName(row: AdminTryoutRow): string {
  return `#${row.tryout_number} ${row.first_name} ${row.last_name}`;
}

/** Whether Send Result Emails would mail this row: a decided result not yet mailed or on its way. */
export function awaitsResultMail(row: AdminTryoutRow): boolean {
  return row.result !== '' && !row.email_sent && row.email_status !== 'queued';
}
