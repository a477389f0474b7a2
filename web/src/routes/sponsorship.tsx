import { PageHeader } from '../components/page-header';
import { CLUB } from '../content/club';
import { EMAILS, mailto } from '../content/contact';
import { SPONSOR_BENEFITS, WHAT_SUPPORT_FUNDS } from '../content/sponsorship';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Sponsorship',
  description: `Partner with ${CLUB.name}. Your support lowers costs for families and funds travel, equipment, gym access and mentorship for young athletes in Edmonton.`,
};

/** Sponsorship (spec §2): what support funds, what sponsors receive, and whom to write to. */
export default function SponsorshipPage() {
  return (
    <>
      <PageHeader eyebrow="Get Involved" title="Partner With Us">
        <p>
          Sponsors make it possible for {CLUB.name} to offer elite coaching regardless of finances. Here is
          what your support does, and how we thank you.
        </p>
      </PageHeader>

      <section className="page-section" aria-labelledby="funds-title">
        <div className="container">
          <h2 id="funds-title">What your support funds</h2>
          <ul className="card-grid">
            {WHAT_SUPPORT_FUNDS.map((item) => (
              <li key={item.title} className="info-card">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section tinted" aria-labelledby="receive-title">
        <div className="container narrow-inner">
          <h2 id="receive-title">What sponsors receive</h2>
          <ul className="check-list">
            {SPONSOR_BENEFITS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section narrow center" aria-labelledby="sponsor-contact">
        <h2 id="sponsor-contact">Let’s talk</h2>
        <p>Every partnership is shaped to fit you, from one team’s jerseys to a whole season.</p>
        <p className="contact-email">
          <a className="button button-large" href={mailto(EMAILS.sponsorship, 'Sponsorship')}>
            {EMAILS.sponsorship}
          </a>
        </p>
      </section>
    </>
  );
}
