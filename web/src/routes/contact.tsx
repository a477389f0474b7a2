import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { SocialLinks } from '../components/social-links';
import { CLUB, LOCATION_TEXT } from '../content/club';
import { EMAILS, mailto } from '../content/contact';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Contact Us',
  description: `Contact ${CLUB.name} in ${LOCATION_TEXT}: e-mail us about teams, tryouts and financial support, or for help with the website.`,
};

/** Contact (spec §2): general and technical-support e-mails, social links, and where we are. */
export default function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Contact" title="Contact Us">
        <p>We’re happy to help. We usually reply within two business days.</p>
      </PageHeader>
      <div className="page-section container">
        <ul className="card-grid contact-cards">
          <li className="info-card">
            <h2>General questions</h2>
            <p>Teams, tryouts, fees, financial support, volunteering, or anything else.</p>
            <p>
              <a className="email-link" href={mailto(EMAILS.general)}>
                {EMAILS.general}
              </a>
            </p>
          </li>
          <li className="info-card">
            <h2>Technical support</h2>
            <p>Trouble creating an account, signing in, registering for a tryout or paying online.</p>
            <p>
              <a className="email-link" href={mailto(EMAILS.support, 'Website help')}>
                {EMAILS.support}
              </a>
            </p>
          </li>
          <li className="info-card">
            <h2>Follow us</h2>
            <p>Game days, highlights and news.</p>
            <SocialLinks />
          </li>
          <li className="info-card">
            <h2>Location</h2>
            <p className="location">{LOCATION_TEXT}</p>
            <p>
              We practise and play in gyms across the city. Each event lists its venue on the{' '}
              <Link to="/#upcoming-events">home page</Link>.
            </p>
          </li>
        </ul>
      </div>
    </>
  );
}
