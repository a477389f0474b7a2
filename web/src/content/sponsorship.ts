/** The sponsorship page's lists (spec §2): what support funds, and what sponsors receive. */

export const WHAT_SUPPORT_FUNDS = [
  {
    title: 'Lower costs',
    text: 'Keeps registration affordable and funds financial support, so no athlete misses out because of money.',
  },
  {
    title: 'Travel',
    text: 'Helps with tournament entry, transportation and hotel costs when teams compete away from Edmonton.',
  },
  { title: 'Equipment', text: 'Buys basketballs, training equipment, uniforms and team gear.' },
  { title: 'Access', text: 'Rents gym time, so every team gets two full practices each week.' },
  {
    title: 'Mentorship',
    text: 'Supports coach education and mentorship for young people on and off the court.',
  },
] as const;

export const SPONSOR_BENEFITS = [
  'Your logo on our sponsors’ banner at home tournaments and tryouts',
  'Recognition on this website and a thank-you feature on our social media',
  'Your logo on team warm-up shirts (season partners)',
  'A framed team photo and an invitation to our end-of-season celebration',
  'A yearly update on what your support made possible',
] as const;
