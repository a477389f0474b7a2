import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { CLUB } from '../content/club';
import { EMAILS, mailto } from '../content/contact';
import type { PageMeta } from '../lib/page-meta';
import { PERSONAL_DATA_RETENTION_MONTHS } from '@club/shared/constants';
import { STORED_FIELDS } from '@club/shared/privacy-fields';

export const meta: PageMeta = {
  title: 'Privacy Policy',
  description: `What personal information ${CLUB.name} collects when players and parents register, why, who sees it, how long we keep it, and how to get a copy or have it deleted.`,
};

export const PRIVACY_UPDATED = 'August 1, 2025';

/** The privacy policy, in plain language, describing what this website actually stores. */
export default function PrivacyPage() {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <p>Last updated {PRIVACY_UPDATED}</p>
      </PageHeader>
      <article className="page-section narrow prose">
        <p>
          {CLUB.name} (“the club”, “we”) is a youth basketball club in Edmonton, Alberta. Many of the people
          who register with us are children, so we collect as little as we can, use it only to run tryouts and
          teams, and never sell it. We handle personal information in line with Alberta’s{' '}
          <cite>Personal Information Protection Act</cite> (PIPA). This page explains, in plain language, what
          our website stores and what we do with it.
        </p>

        <h2 id="what-we-collect">What we collect</h2>
        <h3>When you create an account</h3>
        <ul>
          <li>The player’s first and last name, e-mail address, date of birth and phone number.</li>
          <li>
            A password. We never store the password itself, only a scrambled form of it (a one-way “hash”)
            that cannot be turned back into the password, not even by us.
          </li>
          <li>
            An emergency contact: their name, phone number, e-mail address, and relationship to the player
            (parent, guardian, other family member, or other).
          </li>
          <li>For players under 18, whether a parent or guardian gave consent to the registration.</li>
        </ul>
        <h3>When you register for a tryout</h3>
        <ul>
          <li>The season and the age group you chose, and the tryout number we give you.</li>
          <li>
            How you chose to pay (cash or card) and whether the payment is complete. For card payments we also
            keep the payment processor’s reference for the payment, so we can match it to your registration.
          </li>
          <li>
            What happens at the tryout: whether the player attended, the selection result, whether we have
            e-mailed the result, and, for selected players, the link to join their team on TeamSnap.
          </li>
        </ul>
        <h3>To keep the website working and secure</h3>
        <ul>
          <li>
            A cookie that keeps you signed in. It can only be read by our sign-in service, not by the pages’
            scripts, and it is removed when you log out or it expires.
          </li>
          <li>
            A sign-in token kept in your browser’s session storage, which your browser deletes when you close
            the tab, and the time you last asked for a verification or password-reset e-mail, so the
            one-minute wait between requests survives a reload.
          </li>
          <li>
            Short-lived records of sign-in and password-reset attempts, including the internet (IP) address
            they came from, so we can stop people guessing passwords.
          </li>
          <li>
            Error reports: when something breaks on a page, a technical description of the error (which page,
            the browser, what the code was doing). We remove names, e-mail addresses, and any codes in web
            addresses before a report leaves your browser.
          </li>
        </ul>
        <p>
          We do not use advertising or tracking cookies, and we do not collect card numbers. We do not collect
          anything else about you from other sources.
        </p>

        <h3 id="every-field">Exactly what is stored, who sees it, how long it is kept</h3>
        {STORED_FIELDS.map((group) => (
          <section key={group.title} className="privacy-fields" aria-label={group.title}>
            <h4>{group.title}</h4>
            <ul>
              {group.fields.map((f) => (
                <li key={f.field} data-field={f.field}>
                  {f.label}
                </li>
              ))}
            </ul>
            <p>
              <strong>Who sees it:</strong> {group.seenBy} <strong>Kept:</strong> {group.kept}
            </p>
          </section>
        ))}

        <h2 id="why">Why we collect it</h2>
        <ul>
          <li>
            <strong>To run tryouts and teams:</strong> to know who is coming, put players in the right age
            group (age groups go by year of birth), check players in, and tell you the result.
          </li>
          <li>
            <strong>For safety:</strong> so coaches can reach a parent, guardian or emergency contact if
            something happens at a tryout, practice or game.
          </li>
          <li>
            <strong>For consent:</strong> a parent or guardian must agree before a player under 18 takes part.
          </li>
          <li>
            <strong>To take payment</strong> and keep the records our accounts need.
          </li>
          <li>
            <strong>To send you e-mail you need:</strong> verifying your address, resetting your password, and
            your tryout result. We do not send marketing e-mail from this website.
          </li>
          <li>
            <strong>To keep the site secure and working:</strong> stopping password guessing and fixing
            errors.
          </li>
        </ul>
        <p>
          We use your information only for these purposes. If we ever want to use it for something else, we
          will ask first.
        </p>

        <h2 id="who-sees-it">Who sees it</h2>
        <ul>
          <li>
            <strong>You.</strong> Your dashboard shows your tryout number, result and payment status.
          </li>
          <li>
            <strong>The club’s tryout administrators</strong>, a small group of coaches and board members, see
            the registration details (including date of birth, contact details, emergency contact and consent)
            to run tryouts, take attendance and record results. Coaches use names, age groups and attendance
            to make selections.
          </li>
          <li>
            <strong>Service providers</strong> who run parts of the website for us and may use your
            information only to do that:
            <ul>
              <li>
                Amazon Web Services (AWS) hosts the website and its database and sends our e-mail. Stored
                information is encrypted.
              </li>
              <li>
                Stripe processes card payments. When you pay by card you enter your card details on Stripe’s
                secure checkout page, not on ours; Stripe tells us whether the payment succeeded. Stripe
                handles your card information under its own{' '}
                <a href="https://stripe.com/privacy" rel="noopener noreferrer">
                  privacy policy
                </a>
                .
              </li>
              <li>Sentry receives the error reports described above, without personal details.</li>
            </ul>
            Some of these providers may store information outside Canada, including in the United States,
            where it is protected by their security measures but may be accessible to authorities there under
            local law.
          </li>
          <li>
            <strong>TeamSnap</strong>, only if you choose to follow the team link after being selected; what
            you give TeamSnap is covered by their own privacy policy.
          </li>
        </ul>
        <p>
          We never sell, rent or trade personal information, and we do not share it with sponsors. We would
          disclose it to anyone else only if the law required us to, or to protect someone’s safety in an
          emergency.
        </p>

        <h2 id="how-long">How long we keep it</h2>
        <ul>
          <li>
            <strong>Your account</strong> stays while you use it. If it has not been used for{' '}
            {PERSONAL_DATA_RETENTION_MONTHS} months (no sign-in, and no registration by you or your
            household), we e-mail you, and delete it 30 days later unless you sign in.
          </li>
          <li>
            <strong>Tryout registrations and results</strong> are kept for the season and{' '}
            {PERSONAL_DATA_RETENTION_MONTHS} months after its last session, so coaches can follow a player’s
            development. Then the names, birth dates and contact details are removed: only the tryout number,
            age group, attendance, result and payments stay in the club’s records, without a name. The same
            happens at once when you delete your account.
          </li>
          <li>
            <strong>A record of what the club’s administrators changed</strong> on a registration (attendance,
            result, cash collected, refunds, and who changed it when) is kept with the season, holds no name
            or contact detail, and is deleted with the season’s personal information.
          </li>
          <li>
            <strong>Payment records</strong> (amount, method, status and the processor’s reference) stay in
            the club’s records without a name, at least the six years after the end of the year of payment
            that Canadian tax rules require.
          </li>
          <li>
            <strong>Verification and password-reset links</strong> work once and expire after a short time;
            expired links and sign-in sessions are deleted automatically.
          </li>
          <li>
            <strong>Records of sign-in attempts</strong> are deleted within a day, and{' '}
            <strong>error reports</strong> within 90 days.
          </li>
        </ul>

        <h2 id="your-choices">Getting a copy, correcting or deleting your information</h2>
        <p>
          Signed in, your <Link to="/account">account page</Link> lets you download a copy of everything we
          store about your account and your household’s athletes (as a page to read or as a data file),
          correct your details, and delete your account yourself, at any time.
        </p>
        <p>You, or the parent or guardian of a player under 18, can also ask us at any time to:</p>
        <ul>
          <li>send you a copy of the personal information we hold about you;</li>
          <li>correct anything that is wrong;</li>
          <li>
            delete your account and registrations (we must keep payment records for the time above, but
            nothing else); or
          </li>
          <li>withdraw a consent you gave, which may mean the player can no longer take part.</li>
        </ul>
        <p>
          E-mail <a href={mailto(EMAILS.general, 'Privacy request')}>{EMAILS.general}</a> from the e-mail
          address on the account, or tell us how we can confirm it is you. We will answer within 30 days and
          there is no charge.
        </p>
        <p>
          If you are not satisfied with our answer, you can contact the{' '}
          <a href="https://oipc.ab.ca" rel="noopener noreferrer">
            Office of the Information and Privacy Commissioner of Alberta
          </a>
          .
        </p>

        <h2 id="security">How we protect it</h2>
        <p>
          The website only works over encrypted connections, passwords are stored as one-way hashes, stored
          data is encrypted, and only the club’s tryout administrators can see registration details, after
          signing in. If a breach ever put your information at real risk of significant harm, we would tell
          you and Alberta’s Privacy Commissioner, as the law requires.
        </p>

        <h2 id="changes">Changes and contact</h2>
        <p>
          If we change this policy we will update the date at the top of this page, and tell account holders
          by e-mail about any important change. Questions about privacy go to{' '}
          <a href={mailto(EMAILS.general, 'Privacy question')}>{EMAILS.general}</a>. See also our{' '}
          <Link to="/terms">Terms of Use</Link>.
        </p>
      </article>
    </>
  );
}
