/**
 * What each public page must show (spec §2): its one heading and the facts the spec gives it. The browser
 * journeys and the prerender test both read this table.
 */
import type { PUBLIC_PAGE_PATHS } from '@club/shared/prerendered-paths';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LOCATION_TEXT } from '../src/content/club';
import { EMAILS } from '../src/content/contact';
import { siteUrl } from './harness';

export interface PageExpectation {
  heading: string;
  /** Said both in the prerendered HTML and once the page runs. */
  facts: string[];
  /** Said only in the prerendered HTML (e.g. a neutral notice the page replaces once it knows more). */
  prerenderedFacts?: string[];
  /** Said only once the page runs, on the local stack as seeded (its season open for registration). */
  liveFacts?: string[];
  /** Never in the prerendered HTML: what would be untrue at some moment (the live facts are never in it either). */
  notPrerendered?: string[];
}

/** The event cards both the static text (spec §3) and the seeded season's sessions give the same title. */
const EVENT_TITLES = ['15U/16U Boys Tryouts', '15U/17U Girls Open Gym', '15U/17U Girls Tryouts'];
/**
 * The season's dates are asked for once the page runs (issue 15): the prerendered page says it is checking and
 * keeps spec §3's static cards for visitors without scripts (their "17/18U" title); the live page shows the
 * seeded season's sessions, whose card the sessions title "17U/18U".
 */
const EVENTS_PRERENDERED = ['Checking the season’s dates…', '17/18U Boys Tryouts'];
const EVENTS_LIVE = ['17U/18U Boys Tryouts'];
/** The spec's age-group guidance (§5): born in this year or later. */
const BORN_IN = { '13U': 2012, '15U': 2010, '16U': 2009, '17U': 2008, '18U': 2007 } as const;
const born = (age: keyof typeof BORN_IN) => `born in ${BORN_IN[age]} or later`;
/** The spring age groups the spec lists (§2), by their paths. */
const SPRING_SLUGS = [
  '13u-boys',
  '14u-boys',
  '15u-boys',
  '16u-boys',
  '17u-boys',
  '18u-boys',
  '15u-girls',
  '17u-girls',
] as const;

function fallDetail(label: 'Girls' | 'Boys', ages: Array<keyof typeof BORN_IN>): PageExpectation {
  return {
    heading: `Fall ${label} Teams`,
    facts: [
      'Eligibility',
      ...ages.map((age) => `${age} ${label}: ${born(age)}`),
      '2 practices per week',
      'tournaments of 3-5 games each',
      '$750 per athlete',
      'Gear and uniforms included',
      'What’s included',
      'Financial support',
      EMAILS.general,
      'Team Registration',
      'Back to Fall Teams',
    ],
  };
}

const springName = (slug: string) => {
  const [age, division] = slug.split('-') as [string, string];
  return `${age.toUpperCase()} ${division[0]!.toUpperCase()}${division.slice(1)}`;
};

export const PUBLIC_PAGES: Record<(typeof PUBLIC_PAGE_PATHS)[number], PageExpectation> = {
  '/': {
    heading: 'Elite coaching for every athlete, regardless of finances',
    facts: [
      'Fall Season',
      'Spring Season',
      'Camps & Programming',
      'Highlights',
      'Fall 2025',
      'Spring 2026',
      'Tournaments',
      'Camps',
      'Upcoming Events',
      ...EVENT_TITLES,
      'August 16, 2025',
      'Tryouts are in August',
    ],
    prerenderedFacts: EVENTS_PRERENDERED,
    liveFacts: [...EVENTS_LIVE, 'Tryout fee: $50.00'],
  },
  '/about': {
    heading: 'About Edmonton Summit Basketball Club',
    facts: [
      'Our Mission',
      'Access to elite coaching, regardless of finances.',
      'Why Choose Us',
      'Smaller rosters',
      'Monthly growth reports',
      'Top tournaments',
      'Media coverage',
      'Faith and community',
      'Athletes',
      'Parents',
      'Coaches',
      'Sponsors',
      'Community members',
    ],
  },
  '/FallTeams': {
    heading: 'Fall Teams',
    facts: [
      'Girls',
      'Boys',
      '15U',
      '16U',
      '17U',
      '18U',
      '2 practices a week',
      '2 tournaments',
      'Gear and uniforms included',
      'Girls Teams',
      'Boys Teams',
    ],
  },
  '/FallTeams/Girls': fallDetail('Girls', ['15U', '17U']),
  '/FallTeams/Boys': fallDetail('Boys', ['15U', '16U', '17U', '18U']),
  '/SpringTeams': {
    heading: 'Spring Teams',
    facts: ['Coming soon', ...SPRING_SLUGS.map(springName)],
  },
  ...(Object.fromEntries(
    SPRING_SLUGS.map((slug) => [
      `/SpringTeams/${slug}`,
      { heading: `Spring ${springName(slug)}`, facts: ['Coming Soon', 'All Spring Teams'] },
    ]),
  ) as Record<`/SpringTeams/${(typeof SPRING_SLUGS)[number]}`, PageExpectation>),
  '/WinterProgramming': { heading: 'Winter Programming', facts: ['Coming Soon', EMAILS.general] },
  '/Training': { heading: 'Camps & Training', facts: ['Coming Soon', 'camps'] },
  '/Tournaments': { heading: 'Tournaments', facts: ['Coming Soon'] },
  // Whether registration is open is known only when the page runs (an admin opens and closes it at any
  // time), so the HTML says neither; the closed text is checked in tryouts-closed.test.tsx.
  '/TryoutsClosed': {
    heading: 'Tryout Registration',
    facts: ['Tryout information'],
    prerenderedFacts: ['Checking whether tryout registration is open…'],
    liveFacts: ['Registration for Fall 2025 Tryouts is open.', 'Sign in to register'],
    notPrerendered: ['Tryout registrations are currently closed'],
  },
  '/tryout-information': {
    heading: 'Tryout Information',
    facts: [
      'Fall 2025 tryouts are in August',
      'There is no in-person registration',
      'Check in 20 minutes before your tryout',
      'Tryout schedule',
      'Open gyms',
      ...EVENT_TITLES,
      'born in the year shown or later',
      ...Object.values(BORN_IN).map((year) => `${year} or later`),
      'Register for Tryouts',
      'Back to Fall Teams',
    ],
    prerenderedFacts: EVENTS_PRERENDERED,
    liveFacts: [
      ...EVENTS_LIVE,
      'Tryout fee: $50.00, paid by card when you register or in cash on tryout day.',
    ],
  },
  '/sponsorship': {
    heading: 'Partner With Us',
    facts: [
      'What your support funds',
      'Lower costs',
      'Travel',
      'Equipment',
      'Access',
      'Mentorship',
      'What sponsors receive',
      EMAILS.sponsorship,
    ],
  },
  '/testimonials': { heading: 'Testimonials', facts: ['Coming Soon'] },
  '/contact': {
    heading: 'Contact Us',
    facts: [EMAILS.general, EMAILS.support, 'Technical support', 'Instagram', 'Facebook', LOCATION_TEXT],
  },
  '/privacy': {
    heading: 'Privacy Policy',
    facts: [
      'date of birth',
      'emergency contact',
      'parent or guardian',
      'Why we collect it',
      'Who sees it',
      'Stripe',
      'How long we keep it',
      'send you a copy',
      'delete your account',
      EMAILS.general,
    ],
  },
  '/terms': {
    heading: 'Terms of Use',
    facts: ['Your account', 'Tryout registration', 'Payments and refunds', 'Selection', 'Conduct and safety'],
  },
  '/payment/success': { heading: 'Payment Successful!', facts: ['Go to your dashboard'] },
  '/payment/cancelled': {
    heading: 'Payment Cancelled',
    facts: ['You were not charged. You can try again at any time.'],
  },
};

/** Text as a reader sees it: tags, comments and extra spaces gone, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:;!?])/g, '$1');
}

export const collapse = (text: string): string => text.replace(/\s+/g, ' ');

/** Opens a path and waits until React has taken over the page (the layout marks <html> once mounted). */
export async function gotoAndHydrate(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForSelector('html[data-hydrated]');
}

/**
 * Holds every request for the page's script files until `release` is called, as a slow connection would:
 * the page is painted and readable (its inline paint-first script has run), but not yet hydrated.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  const held: Array<() => void> = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => {
    const proceed = () => void route.continue();
    if (released) proceed();
    else held.push(proceed);
  });
  return () => {
    released = true;
    for (const proceed of held.splice(0)) proceed();
  };
}

/**
 * A prerendered page as the server sends it: the whole HTML, the markup from #root on (checked to be this
 * path's own prerendered page) and its one heading's visible text.
 */
export async function fetchPrerendered(
  path: string,
): Promise<{ html: string; root: string; heading: string }> {
  const res = await fetch(`${siteUrl()}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root.startsWith(`<div id="root" data-prerendered-path="${path}" `), path).toBe(true);
  const heading = visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '').trim();
  return { html, root, heading };
}

/**
 * Starts recording layout shifts before the page's own scripts run: `layoutShifts` reads the page's total
 * (its cumulative layout shift), the navigation included.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts);
