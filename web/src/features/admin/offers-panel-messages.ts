/** The words of the admin's offer settings and publishing (issue 45 §3). */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const offersPanelMessages = {
  title: 'Offers',
  summary: (enabled: boolean, published: boolean, scheduled: boolean) =>
    !enabled ? 'off' : published ? 'published' : scheduled ? 'scheduled' : 'on, not published',
  intro:
    'With offers on, each player placed on a team gets an offer to accept or decline by a deadline, and a declined or expired place can go to the team’s next alternate. With offers off, results go out as Selected / Not Selected.',
  enabled: 'Send offers with a deadline this season',
  enabledLocked: 'Offers are on for this season: they cannot be turned off once published.',
  respondWithin: 'Time to respond (hours, 24 to 168)',
  autoOffer: 'Offer a declined or expired place to the team’s next alternate',
  save: 'Save offer settings',
  saving: 'Saving…',
  saved: 'Offer settings saved.',
  saveFailed: 'We could not save the offer settings. Please try again.',
  publishTitle: 'Publish offers',
  turnOnFirst: 'Turn offers on and save to publish them.',
  publishAt: 'Go out at (Edmonton time)',
  publishAtHint: 'Leave empty to send them now.',
  publishAtInvalid: 'Choose a date and a time, or leave both empty to send now.',
  publish: 'Publish offers',
  counting: 'Counting the offers…',
  countFailed: 'We could not count the teams’ placed players. Please try again.',
  confirm: (offers: number, notSelected: number, alternates: number, when: string | null) =>
    `${when ? `At ${when}` : 'Now'}, ${plural(offers, 'offer', 'offers')} and ${plural(
      notSelected,
      'not-selected mail',
      'not-selected mails',
    )} go out${alternates ? `, and ${plural(alternates, 'alternate is', 'alternates are')} told so` : ''}. This cannot be undone.`,
  confirmPublish: 'Yes, publish offers',
  cancel: 'Cancel',
  publishing: 'Publishing…',
  publishFailed: 'We could not publish the offers. Please try again.',
  publishedToast: 'Offers published.',
  scheduledToast: (when: string) => `Offers go out at ${when}.`,
  published: (when: string) => `Offers published ${when}`,
  scheduled: (when: string) => `Offers go out at ${when}`,
} as const;
