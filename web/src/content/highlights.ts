/** The home page's highlights grid: the club's strengths (spec §1), each with its own illustration. */
import communityUrl from '../assets/highlights/community.svg';
import coachingUrl from '../assets/highlights/coaching.svg';
import growthUrl from '../assets/highlights/growth.svg';
import mediaUrl from '../assets/highlights/media.svg';
import rostersUrl from '../assets/highlights/rosters.svg';
import tournamentsUrl from '../assets/highlights/tournaments.svg';

export interface Highlight {
  title: string;
  text: string;
  image: string;
  alt: string;
}

export const HIGHLIGHTS: readonly Highlight[] = [
  {
    title: 'Elite coaching for all',
    text: 'Access to elite coaching regardless of finances. Financial support is available.',
    image: coachingUrl,
    alt: 'A coach with a whistle drawing a play on a clipboard for a young player holding a basketball.',
  },
  {
    title: 'Smaller rosters',
    text: 'More touches, more reps and more coaching attention for every athlete.',
    image: rostersUrl,
    alt: 'A small team of five players in orange jerseys standing together on a court.',
  },
  {
    title: 'Monthly growth reports',
    text: 'Athletes and parents see progress in writing from the coach every month.',
    image: growthUrl,
    alt: 'A report card with a rising bar chart next to a basketball.',
  },
  {
    title: 'Top tournaments',
    text: 'We compete in strong tournaments across Alberta and beyond.',
    image: tournamentsUrl,
    alt: 'A gold trophy with a basketball on top, in front of a scoreboard.',
  },
  {
    title: 'Media coverage',
    text: 'Highlights, photos and features that put our athletes in the spotlight.',
    image: mediaUrl,
    alt: 'A camera recording a player shooting a jump shot at the hoop.',
  },
  {
    title: 'Faith and community',
    text: 'A culture of character, service and belonging, on and off the court.',
    image: communityUrl,
    alt: 'Players with their hands stacked together in a team huddle around a heart.',
  },
];
