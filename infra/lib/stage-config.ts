/**
 * OPERATIONS — what an operator does per stage (stage = dev | prod), with AWS credentials for the account.
 *
 *   Deploy:            npm run deploy -- -c stage=dev          (builds the site first; prints SiteUrl)
 *   Synthesise only:   npm run synth -- -c stage=prod         (offline, no account needed)
 *
 *   1. Secrets (first deploy of a stage; on a stage deployed before the Stripe or Sentry secret existed,
 *      after the deploy that adds it). The data stack holds four secrets: two generated (app, origin), which
 *      no one fills or edits, and two the operator fills (Stripe, Sentry), which no deploy ever overwrites.
 *
 *      a. Stripe (output StripeSecretArn): created as the placeholder {"secretKey":"","webhookSecret":""},
 *         which the payment functions refuse, so card payments fail until it is filled. In Stripe's
 *         dashboard (Developers > Webhooks), add an endpoint at
 *
 *           <SiteUrl>/api/payments/webhook          (SiteUrl: output of club-<stage>-web)
 *
 *         subscribed to exactly these events:
 *           checkout.session.completed, checkout.session.async_payment_succeeded,
 *           checkout.session.async_payment_failed, checkout.session.expired
 *         with the API version the code pins (STRIPE_API_VERSION, functions/src/payments/stripe-client.ts),
 *         so events arrive in the shape the webhook parses.
 *
 *         Its signing secret (whsec_…) is `webhookSecret`; the account's secret key is `secretKey` (sk_test_…
 *         in dev, sk_live_… in prod). Put both at once (the keys go through stdin, never onto a command line):
 *
 *           SARN=$(aws cloudformation describe-stacks --stack-name club-dev-data \
 *             --query "Stacks[0].Outputs[?OutputKey=='StripeSecretArn'].OutputValue" --output text)
 *           jq -n --arg k "$STRIPE_SECRET_KEY" --arg w "$STRIPE_WEBHOOK_SECRET" \
 *               '{secretKey: $k, webhookSecret: $w}' \
 *             | aws secretsmanager put-secret-value --secret-id "$SARN" --secret-string file:///dev/stdin
 *
 *         Rolling a key in Stripe (or re-creating the endpoint, which issues a new whsec_) means putting the
 *         new pair the same way. Only functions whose route-table row has `payments: true` can read it.
 *
 *      b. Sentry (optional; output SentrySecretArn): created as {"dsn":""}, meaning no error reports. Put the
 *         DSN of the Sentry project's Node.js key in it:
 *
 *           SEARN=$(aws cloudformation describe-stacks --stack-name club-dev-data \
 *             --query "Stacks[0].Outputs[?OutputKey=='SentrySecretArn'].OutputValue" --output text)
 *           jq -n --arg d "$SENTRY_DSN" '{dsn: $d}' \
 *             | aws secretsmanager put-secret-value --secret-id "$SEARN" --secret-string file:///dev/stdin
 *
 *      c. App secret (output SecretArn): generated, nothing to fill in. Keep its `jwtSecret` (a new one signs
 *         every member out). Its `stripeSecretKey` and `stripeWebhookSecret` fields are leftovers nothing
 *         reads, and its `sentryDsn` is read only while the Sentry secret is empty (a stage that filled it
 *         there before the Sentry secret existed keeps reporting; move the DSN to b at leisure). Leave the
 *         fields: the secret's generated template keeps them, as changing it would regenerate jwtSecret.
 *
 *      Functions read the secrets once per container: new values reach them as containers are replaced
 *      (within minutes under traffic; any deploy that changes a function replaces them at once).
 *
 *   2. Mail. Set `mailDomain` / `mailFrom` below to a domain the club controls (the defaults are placeholders
 *      under the reserved `.example` TLD and will never verify; a prod synth refuses them). After deploying,
 *      add the records the mail stack prints to the domain's DNS: the three DKIM CNAMEs (`Dkim1..3`), the
 *      custom MAIL FROM's MX and SPF (`MailFromMx`, `MailFromSpf`) and DMARC (`Dmarc`); SES verifies the
 *      domain by itself. A new SES account is in the sandbox (mail only to verified addresses): request
 *      production access before opening registrations (README Deploy, step 6), and set the stage's
 *      `resultMailRate` below to the account's sending rate, so result mail in bulk goes out as fast as SES
 *      allows and no faster. Result mails that failed every delivery wait in the result-mail dead-letter queue
 *      (14 days); the rows stay queued and the admin page's next send or progress read puts them back.
 *
 *   3. Custom domain (optional, off by default so synth needs no lookups). Request an ACM certificate for the
 *      domain in us-east-1 (CloudFront only reads certificates there), put its ARN and the domain in
 *      `customDomain`, deploy, then point the domain's DNS (CNAME or Route 53 alias) at `DistributionDomainName`.
 *      Without a custom domain the site is served at the CloudFront domain, and SITE_URL (links in e-mails)
 *      follows it automatically.
 *
 *   4. Origin secret. CloudFront sends the API an `x-origin-verify` header holding the data stack's origin
 *      secret (generated, nothing to fill in). The API's origin authorizer lets only requests carrying it
 *      reach an endpoint (API Gateway answers 401 without it, 403 with a wrong one, and caches each answer for
 *      5 minutes), and the functions check it again, so the execute-api endpoint (ApiEndpoint) cannot be
 *      called directly with forged CloudFront headers, nor flooded into running the functions. Rotate it if
 *      it may have leaked (it is readable in CloudFront's distribution config), at a quiet hour:
 *
 *        OARN=$(aws cloudformation describe-stacks --stack-name club-dev-data \
 *          --query "Stacks[0].Outputs[?OutputKey=='OriginSecretArn'].OutputValue" --output text)
 *        aws secretsmanager put-secret-value --secret-id "$OARN" --secret-string "$(openssl rand -hex 24)" \
 *          --query VersionId --output text
 *
 *      Put the printed VersionId in the stage's `originSecretVersionId` below, commit, and deploy at once
 *      (deploy runs web before api). CloudFormation only re-reads a secret when the resource using it
 *      changes; the pinned version is that change. CloudFront and the functions cannot switch at the same
 *      instant: from the put until CloudFront's edges have the new value (a few minutes), and until warm
 *      functions and the authorizer, which read the secret at cold start, are replaced (minutes under
 *      traffic), some API calls answer 403 ("Request not allowed." or "Forbidden"). The deploy replaces
 *      every function, which shortens this to CloudFront's propagation plus the authorizer's 5-minute cache.
 *
 *   5. Capacity. Prod reserves concurrency for the functions anyone can call (`reservedConcurrency`); the
 *      account's Lambda limit must be at least 100 + the total reserved before the first prod deploy (README
 *      Deploy, step 2). The table's on-demand ceiling (`tableMaxRequestUnits`) throttles rather than bills a
 *      runaway; raise it here if the `table-throttles` alarm fires under real load.
 *
 *   6. Alarms. Every alarm and the budget alert mail `alarmEmail`; confirm the two SNS subscription mails
 *      after the first deploy, or nothing arrives. Which alarm means what: README Deploy.
 *
 *   7. Backups (prod, `backup`): daily AWS Backup of the table, copied to `copyRegion`; the account must have
 *      that region enabled and AWS Backup's DynamoDB management on (README Deploy, step 2).
 *
 *   Prod keeps its table, secrets and backups on stack deletion (RETAIN + deletion protection), and its stacks
 *   have termination protection; dev deletes everything.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGE_NAMES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export interface StageConfig {
  readonly stage: StageName;
  /** Where the stacks live; Edmonton's users and their personal data stay in Canada. */
  readonly region: string;
  /** The SES domain identity mail is sent from. */
  readonly mailDomain: string;
  /** The From header of every message: an address at `mailDomain`. */
  readonly mailFrom: string;
  /**
   * The DMARC policy published for `mailDomain` (output Dmarc): what receivers do with mail that claims the
   * domain but passes neither DKIM nor SPF in alignment. SES mail passes both.
   */
  readonly dmarcPolicy: 'none' | 'quarantine' | 'reject';
  /**
   * May this stage synthesise with placeholder values (a reserved domain such as club.example)? Only dev:
   * a prod synth refuses them, since SES can never verify such a domain and no mail would ever leave.
   */
  readonly allowPlaceholders: boolean;
  /**
   * Where every alarm and the budget alert go (an SNS e-mail subscription per alarm topic: confirm the
   * message AWS sends after the first deploy). A placeholder is refused unless `allowPlaceholders`.
   */
  readonly alarmEmail: string;
  /** The monthly AWS cost, in US dollars, above which the budget alert mails `alarmEmail`. */
  readonly monthlyBudgetUsd: number;
  /**
   * API Gateway's per-route metrics, and a p99 latency alarm per route on them. CloudWatch bills them as
   * custom metrics: six per route, about US$25 a month for the current route table.
   */
  readonly detailedRouteMetrics: boolean;
  /** Serve the site at this domain with this us-east-1 ACM certificate; off = the CloudFront domain. */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** API Gateway stage throttling, the backstop behind the functions' own per-e-mail and per-address limits. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Result mails per second for the whole stage: SES's sending rate for the account (the SES console's
   * "Sending limits"), shared by the result-mail workers. A new account in the SES sandbox may send 1 a second.
   */
  readonly resultMailRate: number;
  /**
   * The CloudFront WAF's per-address limits, requests per 5 minutes: on /api/auth/* (sign-in, sign-up,
   * resets, token refreshes) and on all of /api/*. Generous, because families behind one gym or school
   * network share an address; the functions' own per-e-mail and per-address limits are the finer ones.
   */
  readonly edgeRateLimits: { readonly authPer5Minutes: number; readonly apiPer5Minutes: number };
  /** Lambda, API access and CDN log retention. */
  readonly logRetention: RetentionDays;
  /** Keep the table and secrets when the stack is deleted, and turn on the table's deletion protection. */
  readonly retainData: boolean;
  /** CloudFormation termination protection on every stack: `cdk destroy` and console deletes are refused. */
  readonly terminationProtection: boolean;
  /**
   * Reserved concurrency (OPERATIONS 5): each function anyone can call without signing in (public rows and
   * Stripe's webhook) is capped at `anonymousRoute` concurrent runs, so a flood of sign-ups or password
   * resets (argon2 and a 400 ms floor each) cannot take the account's whole pool from signed-in players. The
   * reservation is also a guarantee, so it needs an account limit of at least 100 plus the total reserved;
   * new accounts start far lower (10), so it stays off until the limit is raised.
   */
  readonly reservedConcurrency?: { readonly anonymousRoute: number; readonly originAuthorizer: number };
  /**
   * The table's on-demand ceiling in request units per second (index included): a runaway loop or a flood
   * is throttled at this rate instead of billed without limit. Far above the product's real load.
   */
  readonly tableMaxRequestUnits: { readonly read: number; readonly write: number };
  /**
   * AWS Backup for the table, beside its point-in-time recovery (35 days): a daily backup kept `retainDays`
   * in the stage's region, copied to a vault in `copyRegion` (another Canadian region, so members' data stays
   * in Canada) and kept as long there. Unset = PITR only.
   */
  readonly backup?: { readonly retainDays: number; readonly copyRegion: string };
  /**
   * The origin secret's version CloudFront sends (OPERATIONS 4); unset = the current one at first deploy.
   * Set after a rotation, so the template changes and CloudFormation resolves the new value.
   */
  readonly originSecretVersionId?: string;
}

export const STAGES: Record<StageName, StageConfig> = {
  dev: {
    stage: 'dev',
    region: 'ca-central-1',
    mailDomain: 'dev.club.example',
    mailFrom: 'Club Basketball (dev) <no-reply@dev.club.example>',
    dmarcPolicy: 'none',
    allowPlaceholders: true,
    alarmEmail: 'ops@dev.club.example',
    // The fixed part: WAF (~$8), alarms (~$5), dashboard ($3), KMS keys ($2), secrets (~$2).
    monthlyBudgetUsd: 40,
    // Off in dev: its cost would exceed the rest of the stage's; the API-wide figures still show.
    detailedRouteMetrics: false,
    throttle: { rateLimit: 10, burstLimit: 20 },
    resultMailRate: 1,
    edgeRateLimits: { authPer5Minutes: 300, apiPer5Minutes: 1_500 },
    logRetention: RetentionDays.ONE_MONTH,
    retainData: false,
    terminationProtection: false,
    // No reservedConcurrency: a new account's concurrency limit (10) leaves nothing to reserve.
    tableMaxRequestUnits: { read: 200, write: 100 },
  },
  prod: {
    stage: 'prod',
    region: 'ca-central-1',
    mailDomain: 'club.example',
    mailFrom: 'Club Basketball <no-reply@club.example>',
    // Quarantine: receivers junk mail that forges the club's domain. If the domain also sends mail from
    // elsewhere (a Google Workspace or Microsoft 365 mailbox), sign that with DKIM first (README Deploy).
    dmarcPolicy: 'quarantine',
    allowPlaceholders: false,
    alarmEmail: 'ops@club.example',
    // The fixed part is about $55 (dev's, per-route metrics ~$25, backup keys); Lambda, DynamoDB, CloudFront,
    // SES and backups stay in the low dollars at the club's traffic.
    monthlyBudgetUsd: 100,
    detailedRouteMetrics: true,
    // customDomain: { domainName: 'www.club.example', certificateArn: 'arn:aws:acm:us-east-1:…:certificate/…' },
    // A few hundred families registering when tryouts open stay far below this; a script hammering the API
    // does not get past it.
    throttle: { rateLimit: 50, burstLimit: 100 },
    // SES's usual production rate; raise it with the account's limit.
    resultMailRate: 14,
    edgeRateLimits: { authPer5Minutes: 500, apiPer5Minutes: 3_000 },
    logRetention: RetentionDays.ONE_YEAR,
    retainData: true,
    terminationProtection: true,
    // 10 anonymous-route functions × 10 + the authorizer's 10 = 110 reserved: the account's concurrency
    // limit must be at least 210 (ask Service Quotas for 1,000) before the first prod deploy.
    reservedConcurrency: { anonymousRoute: 10, originAuthorizer: 10 },
    // A whole season's registrations take a few thousand units; tryout-day peaks stay under 100 per second.
    tableMaxRequestUnits: { read: 2_000, write: 1_000 },
    // Calgary: the other Canadian region.
    backup: { retainDays: 35, copyRegion: 'ca-west-1' },
  },
};

/** A stage configuration that cannot be deployed; bin/app.ts prints its message alone and exits. */
export class StageConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StageConfigError';
  }
}

/** Names reserved for examples and tests (RFC 2606, RFC 6761): no mail is ever delivered to or from them. */
export function isPlaceholderDomain(domain: string): boolean {
  return /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i.test(domain.trim());
}

/** The stage named by `-c stage=…` (default dev), checked so a typo fails synth instead of deploying wrongly. */
export function stageConfig(name: unknown = 'dev'): StageConfig {
  if (typeof name !== 'string' || !(STAGE_NAMES as readonly string[]).includes(name)) {
    throw new StageConfigError(
      `Unknown stage ${JSON.stringify(name)}: use -c stage=${STAGE_NAMES.join('|')}`,
    );
  }
  return checkStageConfig(STAGES[name as StageName]);
}

/** Refuses a configuration that would deploy but not work: read by stageConfig and by addClubStacks. */
export function checkStageConfig(config: StageConfig): StageConfig {
  const { stage } = config;
  const address = /<([^<>@\s]+)@([^<>@\s]+)>$/.exec(config.mailFrom);
  if (!address || address[2] !== config.mailDomain) {
    throw new StageConfigError(
      `Stage ${stage}: mailFrom must be "Name <local@${config.mailDomain}>" (SES sends only as it)`,
    );
  }
  if (!config.allowPlaceholders && isPlaceholderDomain(config.mailDomain)) {
    throw new StageConfigError(
      `Stage ${stage}: mailDomain "${config.mailDomain}" is a placeholder (a reserved example domain), so SES ` +
        'could never verify it and no mail would be sent. Set mailDomain and mailFrom in ' +
        `infra/lib/stage-config.ts (STAGES.${stage}) to a domain the club controls, then synthesise again.`,
    );
  }
  const alarmDomain = config.alarmEmail.split('@')[1] ?? '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.alarmEmail)) {
    throw new StageConfigError(`Stage ${stage}: alarmEmail "${config.alarmEmail}" is not an e-mail address.`);
  }
  if (!config.allowPlaceholders && isPlaceholderDomain(alarmDomain)) {
    throw new StageConfigError(
      `Stage ${stage}: alarmEmail "${config.alarmEmail}" is a placeholder, so no alarm would ever reach anyone. ` +
        `Set alarmEmail in infra/lib/stage-config.ts (STAGES.${stage}) to a mailbox an operator reads.`,
    );
  }
  return config;
}
