/**
 * The stages (dev, prod) and everything an operator sets per stage. OPERATIONS, the operator's runbook (deploy,
 * secrets, mail DNS, alarms, releases, rollbacks, restores), lives in one place: docs/deploy.md.
 *
 *   Deploy:            npm run deploy -- -c stage=dev          (builds the site first; prints SiteUrl)
 *   Synthesise only:   npm run synth -- -c stage=prod         (offline, no account needed; refuses placeholders)
 *
 * What is set here, per stage: `mailDomain` / `mailFrom` (a domain the club controls), `alarmEmail`,
 * `monthlyBudgetUsd`, `resultMailRate` (the account's SES sending rate), `throttle`, `routeThrottles`,
 * `reservedConcurrency` and `tableMaxRequestUnits` (docs/capacity.md: each figure and the arithmetic behind
 * it), `originSecretVersionId` (after a rotation), and
 * optionally `customDomain`. Prod keeps its table, secrets and backups on stack deletion (RETAIN + deletion
 * protection), and its stacks have termination protection; dev deletes everything.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PERSONAL_DATA_RETENTION_MONTHS, type RouteName } from '@club/shared';

export const STAGE_NAMES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export interface StageConfig {
  readonly stage: StageName;
  /** Where the stacks live; Edmonton's users and their personal data stay in Canada. */
  readonly region: string;
  /** The SES domain identity mail is sent from. */
  readonly mailDomain: string;
  /** The From header of every message: the club by name, at an address at `mailDomain`. */
  readonly mailFrom: string;
  /** The Reply-To of every message: an address a person at the club reads (a family's reply reaches someone). */
  readonly mailReplyTo: string;
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
  /**
   * API Gateway's default throttle of every route (requests per second, and the burst above it), the backstop
   * behind the functions' own per-e-mail and per-address limits: each route has its own bucket of this size.
   */
  readonly throttle: Throttle;
  /**
   * Routes throttled apart from `throttle` (docs/capacity.md, API Gateway): a route whose work waits on a
   * service with a rate limit of its own (Stripe) is held to what that service takes.
   */
  readonly routeThrottles?: Partial<Record<RouteName, Throttle>>;
  /**
   * Result mails per second for the whole stage: SES's sending rate for the account (the SES console's
   * "Sending limits"), shared by the result-mail workers. A new account in the SES sandbox may send 1 a second.
   */
  readonly resultMailRate: number;
  /**
   * How long personal data is kept (issue 19): a season's registrations lose their personal fields this many
   * months after its last session, and an account unused this long is noticed, then deleted 30 days later.
   * The daily retention function reads it; the privacy page says 24 months, so change both together.
   */
  readonly retentionMonths: number;
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
   * Reserved concurrency (docs/capacity.md, Lambda): each function anyone can call without signing in (public
   * rows and Stripe's webhook) is capped at `anonymousRoute` concurrent runs, so a flood of sign-ups or
   * password resets (argon2 and a 400 ms floor each) cannot take the account's whole pool from signed-in
   * players. `routes` sets a row's own figure instead: the functions a registration night runs through
   * (sign-in, registration, Stripe's webhook) keep room of their own that a burst elsewhere cannot take. A
   * reservation is also a guarantee, so it needs an account limit of at least 100 plus the total reserved;
   * new accounts start far lower (10), so it stays off until the limit is raised.
   */
  readonly reservedConcurrency?: {
    readonly anonymousRoute: number;
    readonly originAuthorizer: number;
    readonly routes?: Partial<Record<RouteName, number>>;
  };
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
   * The origin secret's version CloudFront sends (docs/deploy.md, Secrets in full); unset = the current one at first deploy.
   * Set after a rotation, so the template changes and CloudFormation resolves the new value.
   */
  readonly originSecretVersionId?: string;
}

/** An API Gateway token bucket: refilled at `rateLimit` requests a second, holding at most `burstLimit`. */
export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export const STAGES: Record<StageName, StageConfig> = {
  dev: {
    stage: 'dev',
    region: 'ca-central-1',
    mailDomain: 'dev.club.example',
    mailFrom: 'Summit Basketball (dev) <no-reply@dev.club.example>',
    mailReplyTo: 'info@dev.club.example',
    dmarcPolicy: 'none',
    allowPlaceholders: true,
    alarmEmail: 'ops@dev.club.example',
    // The fixed part: WAF (~$8), alarms (~$5), dashboard ($3), KMS keys ($2), secrets (~$2).
    monthlyBudgetUsd: 40,
    // Off in dev: its cost would exceed the rest of the stage's; the API-wide figures still show.
    detailedRouteMetrics: false,
    throttle: { rateLimit: 10, burstLimit: 20 },
    resultMailRate: 1,
    retentionMonths: PERSONAL_DATA_RETENTION_MONTHS,
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
    mailFrom: 'Summit Basketball <no-reply@club.example>',
    mailReplyTo: 'info@club.example',
    // Quarantine: receivers junk mail that forges the club's domain. If the domain also sends mail from
    // elsewhere (a Google Workspace or Microsoft 365 mailbox), sign that with DKIM first (docs/deploy.md).
    dmarcPolicy: 'quarantine',
    allowPlaceholders: false,
    alarmEmail: 'ops@club.example',
    // The fixed part is about $55 (dev's, per-route metrics ~$25, backup keys); Lambda, DynamoDB, CloudFront,
    // SES and backups stay in the low dollars at the club's traffic.
    monthlyBudgetUsd: 100,
    detailedRouteMetrics: true,
    // customDomain: { domainName: 'www.club.example', certificateArn: 'arn:aws:acm:us-east-1:…:certificate/…' },
    // Per route: registration night at ten times the club's size peaks near 53 calls a second on the route a
    // family calls twice (docs/capacity.md); a script hammering one route does not get past this.
    throttle: { rateLimit: 100, burstLimit: 200 },
    // Registration opens a Stripe checkout for each card family: held well inside Stripe's live rate
    // (100 requests/s, shared with the payment confirmations). Stripe retries a throttled webhook for days.
    routeThrottles: {
      registerTryout: { rateLimit: 50, burstLimit: 150 },
      stripeWebhook: { rateLimit: 50, burstLimit: 100 },
    },
    // SES's usual production rate; raise it with the account's limit.
    resultMailRate: 14,
    retentionMonths: PERSONAL_DATA_RETENTION_MONTHS,
    edgeRateLimits: { authPer5Minutes: 500, apiPer5Minutes: 3_000 },
    logRetention: RetentionDays.ONE_YEAR,
    retainData: true,
    terminationProtection: true,
    // Each figure is the route's throttle times its slowest answer (docs/capacity.md, Lambda). 12 other
    // anonymous functions × 10 + sign-in 30 + webhook 25 + registration 100 + the authorizer's 10 = 285
    // reserved: the account's concurrency limit must be at least 385 (ask Service Quotas for 1,000, the
    // usual default) before the first prod deploy.
    reservedConcurrency: {
      anonymousRoute: 10,
      originAuthorizer: 10,
      routes: { login: 30, registerTryout: 100, stripeWebhook: 25 },
    },
    // Registration night at ten times the club's size writes about 700 units a second in its first minute and
    // twice that in its first seconds (docs/capacity.md, DynamoDB); a runaway is still stopped at this.
    tableMaxRequestUnits: { read: 2_000, write: 3_000 },
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
  const replyDomain = config.mailReplyTo.split('@')[1] ?? '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.mailReplyTo)) {
    throw new StageConfigError(
      `Stage ${stage}: mailReplyTo "${config.mailReplyTo}" is not an e-mail address.`,
    );
  }
  if (!config.allowPlaceholders && isPlaceholderDomain(replyDomain)) {
    throw new StageConfigError(
      `Stage ${stage}: mailReplyTo "${config.mailReplyTo}" is a placeholder, so a family's reply would reach ` +
        `no one. Set mailReplyTo in infra/lib/stage-config.ts (STAGES.${stage}) to a mailbox the club reads.`,
    );
  }
  return config;
}
