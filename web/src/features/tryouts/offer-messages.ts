/** The words of an offer of a team place on the dashboard (issue 45 §3). */
import { formatCad } from '@club/shared/tryouts';

export const offerMessages = {
  title: (team: string) => `Offer: a place on ${team}`,
  coach: (name: string | null) => `Coach: ${name ?? 'to be announced'}`,
  fee: (cents: number) => (cents > 0 ? `Team fee: ${formatCad(cents)}` : 'Team fee: none'),
  feeInInstalments: (cents: number, count: number) =>
    `Team fee: ${formatCad(cents)}, paid in ${count} instalments`,
  respondBy: (deadline: string, left: string | null) =>
    left ? `Respond by ${deadline} Edmonton time (${left})` : `Respond by ${deadline} Edmonton time`,
  waiverTitle: 'The team’s waiver',
  waiverName: 'Type your full name to accept the waiver',
  accept: 'Accept the place',
  accepting: 'Accepting…',
  decline: 'Decline',
  declineQuestion: (team: string) => `Decline the place on ${team}? It goes to the next player waiting.`,
  reason: 'Reason (optional)',
  confirmDecline: 'Yes, decline',
  declining: 'Declining…',
  keep: 'Keep the offer',
  failed: 'We could not send your answer. Please try again.',
  accepted: (team: string) => `You accepted a place on ${team}.`,
  declined: (team: string) => `You declined the place on ${team}.`,
  expired: (team: string) => `The offer of a place on ${team} expired: it was not answered in time.`,
  rescinded: (team: string) => `The club withdrew the offer of a place on ${team}.`,
} as const;
