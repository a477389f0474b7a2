import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/bundling';
import { addClubStacks } from '../lib/club-app';
import { siteFixture, unbundledApp } from './support';
import { isPlaceholderDomain, STAGES, stageConfig } from '../lib/stage-config';

describe('stage config', () => {
  it('defaults to dev and refuses an unknown stage', () => {
    expect(stageConfig().stage).toBe('dev');
    expect(() => stageConfig('production')).toThrow(/use -c stage=dev\|prod/);
  });

  it('keeps personal data in prod for the 24 months /privacy promises (issue 34)', () => {
    // Written out: /privacy says 24 months (web/src/routes/privacy.test.tsx holds the page to it)
    expect(STAGES.prod.retentionMonths).toBe(24);
    expect(STAGES.dev.retentionMonths).toBe(24);
  });

  it('keeps data only in prod, and sends mail from each stage’s own domain', () => {
    expect(STAGES.prod.retainData).toBe(true);
    expect(STAGES.dev.retainData).toBe(false);
    for (const config of Object.values(STAGES)) {
      expect(config.mailFrom).toMatch(new RegExp(`@${config.mailDomain.replace(/\./g, '\\.')}>$`));
      expect(config.customDomain).toBeUndefined(); // synth stays offline until an operator opts in
    }
  });

  it('refuses to synthesise prod while its sender domain is a placeholder, saying what to change', () => {
    expect(STAGES.prod.mailDomain).toBe('club.example');

    expect(() => stageConfig('prod')).toThrow(
      'Stage prod: mailDomain "club.example" is a placeholder (a reserved example domain), so SES could ' +
        'never verify it and no mail would be sent. Set mailDomain and mailFrom in ' +
        'infra/lib/stage-config.ts (STAGES.prod) to a domain the club controls, then synthesise again.',
    );
    // Whichever way the stacks are built.
    expect(() => addClubStacks(unbundledApp(), { config: STAGES.prod, webDistDir: siteFixture() })).toThrow(
      /mailDomain "club.example" is a placeholder/,
    );
    const filled = {
      ...STAGES.prod,
      mailDomain: 'clubbasketball.ca',
      mailFrom: 'Club <no-reply@clubbasketball.ca>',
      alarmEmail: 'ops@clubbasketball.ca',
      mailReplyTo: 'info@clubbasketball.ca',
    };
    expect(() => addClubStacks(unbundledApp(), { config: filled, webDistDir: siteFixture() })).not.toThrow();
    // A reply-to nobody reads is refused too: a family's reply must reach someone.
    expect(() =>
      addClubStacks(unbundledApp(), {
        config: { ...filled, mailReplyTo: 'info@club.example' },
        webDistDir: siteFixture(),
      }),
    ).toThrow(
      'Stage prod: mailReplyTo "info@club.example" is a placeholder, so a family\'s reply would reach no one. ' +
        'Set mailReplyTo in infra/lib/stage-config.ts (STAGES.prod) to a mailbox the club reads.',
    );
  });

  it('refuses prod while its alarm e-mail is a placeholder, since no alarm would reach anyone', () => {
    const domainFilled = {
      ...STAGES.prod,
      mailDomain: 'clubbasketball.ca',
      mailFrom: 'Club <no-reply@clubbasketball.ca>',
    };
    expect(STAGES.prod.alarmEmail).toBe('ops@club.example');

    expect(() => addClubStacks(unbundledApp(), { config: domainFilled, webDistDir: siteFixture() })).toThrow(
      'Stage prod: alarmEmail "ops@club.example" is a placeholder, so no alarm would ever reach anyone. ' +
        'Set alarmEmail in infra/lib/stage-config.ts (STAGES.prod) to a mailbox an operator reads.',
    );
    expect(() =>
      addClubStacks(unbundledApp(), {
        config: { ...domainFilled, alarmEmail: 'ops' },
        webDistDir: siteFixture(),
      }),
    ).toThrow('alarmEmail "ops" is not an e-mail address');
  });

  it('lets dev synthesise with its placeholder domain, so a fresh clone synthesises offline', () => {
    expect(STAGES.dev.mailDomain).toBe('dev.club.example');
    expect(stageConfig('dev').mailDomain).toBe('dev.club.example');
  });

  it.each([
    ['club.example', true],
    ['dev.club.example', true],
    ['example.com', true],
    ['mail.example.org', true],
    ['club.test', true],
    ['club.invalid', true],
    ['clubbasketball.ca', false],
    ['example.ca', false],
    ['myexample.com', false],
    ['examples.club', false],
  ])('counts %s as a placeholder: %s', (domain, placeholder) => {
    expect(isPlaceholderDomain(domain)).toBe(placeholder);
  });

  it('stops synth with one clear instruction when the site is not built', () => {
    const empty = mkdtempSync(join(tmpdir(), 'club-no-dist-'));
    expect(() => addClubStacks(unbundledApp(), { config: stageConfig('dev'), webDistDir: empty })).toThrow(
      'Run `npm run build -w web` first',
    );
  });

  it('tells the operator the webhook URL and events Stripe must use, in the one runbook the stage config and README point to', () => {
    const stageSource = readFileSync(join(repoRoot, 'infra/lib/stage-config.ts'), 'utf8');
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const deploy = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8');

    expect(stageSource).toContain('docs/deploy.md');
    expect(readme).toContain('(docs/deploy.md)');
    // The runbook lives once: the stage config no longer repeats its commands.
    expect(stageSource).not.toContain('put-secret-value');
    expect(deploy).toContain('<SiteUrl>/api/payments/webhook');
    for (const event of [
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'checkout.session.expired',
    ])
      expect(deploy).toContain(event);
    expect(deploy).toContain('put-secret-value');
    expect(deploy).toMatch(/secretKey.*webhookSecret/);
  });
});
