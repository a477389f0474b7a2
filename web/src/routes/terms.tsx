import { Link } from 'react-router-dom';
import {
  CHECK_IN_MINUTES_BEFORE_TRYOUT,
  FALL_PROGRAM,
  INACTIVITY_LOGOUT_MS,
  MINUTE_MS,
} from '@club/shared/constants';
import { PageHeader } from '../components/page-header';
import { CLUB } from '../content/club';
import { EMAILS, mailto } from '../content/contact';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Terms of Use',
  description: `The terms for using the ${CLUB.name} website: accounts, tryout registration, payments and refunds, selection, conduct and safety.`,
};

export const TERMS_UPDATED = 'August 1, 2025';

/** The terms of use, in plain language. */
export default function TermsPage() {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Use">
        <p>Last updated {TERMS_UPDATED}</p>
      </PageHeader>
      <article className="page-section narrow prose">
        <p>
          These terms apply when you use this website, create an account, or register for a tryout with{' '}
          {CLUB.name} (“the club”, “we”), a youth basketball club in Edmonton, Alberta. By creating an account
          you agree to them. If you are registering a player under 18, a parent or guardian must agree to them
          too.
        </p>

        <h2 id="accounts">Your account</h2>
        <ul>
          <li>
            Each player has one account, with true and current details, including their real date of birth.
          </li>
          <li>
            A player under 18 needs a parent or guardian’s consent to register. For younger children, we ask
            the parent or guardian to fill in the form with them.
          </li>
          <li>
            Keep your password to yourself. If you think someone else has used your account, reset your
            password and tell us at <a href={mailto(EMAILS.support)}>{EMAILS.support}</a>.
          </li>
          <li>
            For your security you are signed out after {INACTIVITY_LOGOUT_MS / MINUTE_MS} minutes without
            activity.
          </li>
        </ul>

        <h2 id="tryouts">Tryout registration</h2>
        <ul>
          <li>
            Registration is online only; there is no in-person registration. We open and close registration
            for each season, and may close it early when groups are full.
          </li>
          <li>
            Choose the age group that matches the player’s year of birth (see{' '}
            <Link to="/tryout-information">Tryout Information</Link>). We may move a player to the right
            group.
          </li>
          <li>
            Arrive and check in {CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before the tryout starts, with your
            tryout number.
          </li>
        </ul>

        <h2 id="payments">Payments and refunds</h2>
        <ul>
          <li>
            The tryout fee is shown before you register. You can pay by card online, through our payment
            processor Stripe, or in cash on tryout day. A card registration is complete once the payment
            succeeds; if you leave the payment page you are not charged and can pay later from your account.
          </li>
          <li>
            If we cancel a tryout and cannot offer another date, we refund the tryout fee in full. Otherwise
            the fee is not refundable once the tryout has taken place. If something serious stops you from
            attending, write to us before the tryout and we will do our best to help.
          </li>
          <li>
            Players selected for a fall team pay the team fee of ${FALL_PROGRAM.costPerAthleteCad} per
            athlete, which includes gear and uniforms. We explain how and when to pay with the selection
            result. Financial support is available: ask us at{' '}
            <a href={mailto(EMAILS.general)}>{EMAILS.general}</a>.
          </li>
        </ul>

        <h2 id="selection">Selection</h2>
        <p>
          Our coaches choose teams based on what they see at tryouts and open gyms. Results are sent by e-mail
          and shown on your dashboard; selected players also get a link to join their team on TeamSnap.
          Selection decisions are final, but coaches are always glad to talk about how a player can keep
          improving.
        </p>

        <h2 id="conduct">Conduct and safety</h2>
        <ul>
          <li>
            Athletes, parents and spectators treat players, coaches, officials and each other with respect.
            Harassment, bullying and discrimination are not tolerated, at the gym or online.
          </li>
          <li>
            Basketball is a physical sport and injuries can happen. Tell the coaches about any medical
            condition or injury that affects play. We use the emergency contact you give us if the player
            needs help.
          </li>
          <li>
            We may suspend an account or remove a player from a tryout or team for serious or repeated
            breaches of these terms.
          </li>
        </ul>

        <h2 id="media">Photos and video</h2>
        <p>
          We photograph and film games and events for the club’s website and social media. If you would rather
          a player not be featured, e-mail{' '}
          <a href={mailto(EMAILS.general, 'Photos and video')}>{EMAILS.general}</a> and we will respect that,
          and remove published photos on request.
        </p>

        <h2 id="website">The website</h2>
        <p>
          We work to keep the information here accurate and the website available, but schedules can change
          and the site may sometimes be down for maintenance. Always check your e-mail for the latest tryout
          details. Do not try to break into, overload or copy the website, or use someone else’s account.
        </p>
        <p>
          To the extent the law allows, the club is not responsible for losses caused by the website being
          unavailable or by mistakes in its content. Nothing in these terms limits rights you have under
          Alberta consumer protection law.
        </p>

        <h2 id="privacy">Your information</h2>
        <p>
          How we collect, use and protect personal information is explained in our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>

        <h2 id="changes">Changes, law and contact</h2>
        <p>
          We may update these terms; the date at the top shows the latest version, and we will tell account
          holders by e-mail about important changes. These terms are governed by the laws of Alberta and of
          Canada. Questions? E-mail <a href={mailto(EMAILS.general, 'Terms of Use')}>{EMAILS.general}</a>.
        </p>
      </article>
    </>
  );
}
