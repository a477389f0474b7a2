import { join } from 'node:path';
import { App, Aspects, Stack, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routeList } from '@club/shared';
import { handlerEntry, prebundleLambdas, repoRoot } from './bundling';
import { clubFunctions } from './platform-functions';
import { ApiStack, type RouteRow } from './stacks/api-stack';
import { BackupCopyStack } from './stacks/backup-copy-stack';
import { DataStack } from './stacks/data-stack';
import { CLOUDFRONT_REGION, EdgeStack } from './stacks/edge-stack';
import { MailStack } from './stacks/mail-stack';
import { GlobalWatchStack } from './stacks/global-watch-stack';
import { SiteStack } from './stacks/site-stack';
import { WatchStack } from './stacks/watch-stack';
import { assertSiteBuilt, WebStack } from './stacks/web-stack';
import { checkStageConfig, type StageConfig } from './stage-config';

export interface ClubAppOptions {
  readonly config: StageConfig;
  /** The built site; defaults to web/dist. */
  readonly webDistDir?: string;
  /** Defaults to the route table (shared/src/routes.ts). */
  readonly routes?: readonly RouteRow[];
}

export interface ClubStacks {
  /** Only where the stage config has `backup`: the copy vault in the second region. */
  readonly backupCopy?: BackupCopyStack;
  readonly data: DataStack;
  readonly mail: MailStack;
  readonly edge: EdgeStack;
  readonly web: WebStack;
  readonly api: ApiStack;
  readonly site: SiteStack;
  readonly watch: WatchStack;
  readonly globalWatch: GlobalWatchStack;
}

/** Where the app reads the built site unless told otherwise. */
const DEFAULT_WEB_DIST = join(repoRoot, 'web/dist');

/** A stage's stack name: `club-<stage>-<part>`. */
export function clubStackName(stage: string, part: string): string {
  return `club-${stage}-${part}`;
}

/**
 * Bundles every function the app will build, ahead of it (bundling.ts prebundleLambdas): awaited before
 * addClubStacks, whose constructs then copy the bundles instead of building each cold.
 */
export async function prebundleClubFunctions(routes?: readonly RouteRow[]): Promise<void> {
  await prebundleLambdas(clubFunctions(routes ?? routeList()).map((f) => handlerEntry(f.handler)));
}

/**
 * What the app entry does before addClubStacks: the mistakes an operator fixes in one place are reported first
 * (an unbuilt site), then every function is bundled ahead when this run bundles the API stack at all. CDK
 * answers that itself, for a stack of the API's name, from the CLI's patterns (`cdk deploy <stacks>
 * --exclusively` bundles only those; `cdk ls` none).
 */
export async function prepareClubApp(app: App, options: ClubAppOptions): Promise<void> {
  assertSiteBuilt(options.webDistDir ?? DEFAULT_WEB_DIST);
  if (bundlesApi(app, options.config.stage)) await prebundleClubFunctions(options.routes);
}

/** Whether CDK bundles the API stack's assets in this run of `app` (its nested stacks follow it). */
export function bundlesApi(app: App, stage: string): boolean {
  const probe = new App({
    autoSynth: false,
    context: { 'aws:cdk:bundling-stacks': app.node.tryGetContext('aws:cdk:bundling-stacks') ?? ['**'] },
  });
  return new Stack(probe, clubStackName(stage, 'api')).bundlingRequired;
}

/**
 * One stage's stacks, tagged with the stage and checked by cdk-nag's AWS Solutions rules. The app entry and
 * the tests both build through here, so the tests check exactly what deploys.
 *
 * Dependencies run one way: data, mail, web (bucket, CDN and the bare HTTP API) ← api (stage, functions,
 * routes), so a deploy of the API never waits on, or locks, the others. The web stack reads the data
 * stack's origin secret (CloudFront sends it to the API), so data ← web too, and nothing points back.
 */
export function addClubStacks(app: App, options: ClubAppOptions): ClubStacks {
  const config = checkStageConfig(options.config);
  const webDistDir = options.webDistDir ?? DEFAULT_WEB_DIST;
  const routeRows = options.routes ?? routeList();
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: config.region };
  const { terminationProtection } = config;
  const name = (part: string): string => clubStackName(config.stage, part);

  // The copy vault first, in the second region: the data stack's backup plan names it.
  const backupCopy = config.backup
    ? new BackupCopyStack(app, name('backup-copy'), {
        env: { account: env.account, region: config.backup.copyRegion },
        config,
        terminationProtection,
        description: 'Club website: copies of the table backups (second Canadian region)',
      })
    : undefined;
  const data = new DataStack(app, name('data'), {
    env,
    config,
    terminationProtection,
    description: 'Club website: table and secrets',
  });
  if (backupCopy) data.addStackDependency(backupCopy, 'the backup plan copies into its vault');
  const mail = new MailStack(app, name('mail'), {
    env,
    config,
    terminationProtection,
    description: 'Club website: SES sending',
  });
  // CloudFront's web ACL must live in us-east-1. The distribution reads its ARN with a weak cross-stack
  // reference (cdk.json), which CDK renders as Fn::GetStackOutput naming the producer's region: resolved by
  // CloudFormation at deploy time, no custom resource, no export lock between the two stacks.
  const edge = new EdgeStack(app, name('edge'), {
    env: { account: env.account, region: CLOUDFRONT_REGION },
    config,
    terminationProtection,
    description: 'Club website: CloudFront web ACL (us-east-1)',
  });
  const web = new WebStack(app, name('web'), {
    env,
    config,
    terminationProtection,
    webAclArn: edge.webAclArn,
    webDistDir,
    originSecret: data.originSecret,
    description: 'Club website: CDN, site bucket and API endpoint',
  });
  const api = new ApiStack(app, name('api'), {
    env,
    config,
    terminationProtection,
    api: web.api,
    siteUrl: web.siteUrl,
    table: data.table,
    indexNames: data.indexNames,
    secret: data.secret,
    stripeSecret: data.stripeSecret,
    originSecret: data.originSecret,
    sentrySecret: data.sentrySecret,
    mail: mail.mail,
    routes: routeRows,
    description: 'Club website: API stage, one function and route per route-table row',
  });

  // The site's upload waits for the API: a new page never goes live before the routes it calls exist, and
  // a failed API deploy stops the release with the old site still in place.
  const site = new SiteStack(app, name('site'), {
    env,
    config,
    terminationProtection,
    webDistDir,
    siteBucket: web.siteBucket,
    distribution: web.distribution,
    description: 'Club website: the site build upload and CDN invalidation (after the API)',
  });
  site.addStackDependency(api, 'a release publishes pages only once the API has their routes');

  // Alarms and the dashboard: over lists, so a new route is watched by its row and a new queue worker by its
  // declaration (QueueWorker.watched); another function or dead-letter queue is appended here.
  const workers = [...api.queueWorkers.values()].map((w) => w.watched);
  const watched = {
    functions: workers.flatMap((w) => w.functions),
    deadLetterQueues: workers.flatMap((w) => w.deadLetterQueues),
    workQueues: workers.flatMap((w) => w.workQueues),
  };
  const watch = new WatchStack(app, name('watch'), {
    env,
    config,
    terminationProtection,
    functions: [
      ...api.functions.values(),
      api.originAuthorizer,
      api.mailEvents,
      api.retention,
      api.refundSweep,
      api.sessionReminders,
      api.numberingSweep,
      api.offerSweep,
      api.instalmentSweep,
      ...watched.functions,
    ],
    deadLetterQueues: [
      { name: 'mailEventsDeadLetters', queue: api.mailEventsDeadLetters },
      ...watched.deadLetterQueues,
    ],
    workQueues: watched.workQueues,
    routes: routeRows,
    api: web.api,
    table: data.table,
    distributionId: web.distribution.distributionId,
    webAclName: edge.webAclName,
    description: 'Club website: alarms to the stage topic, and the dashboard',
  });
  const globalWatch = new GlobalWatchStack(app, name('watch-global'), {
    env: { account: env.account, region: CLOUDFRONT_REGION },
    config,
    terminationProtection,
    distributionId: web.distribution.distributionId,
    description: 'Club website: CloudFront alarm and the budget alert (us-east-1)',
  });

  const stacks = [backupCopy, data, mail, edge, web, api, site, watch, globalWatch];
  for (const stack of stacks.filter((s) => s !== undefined)) {
    Tags.of(stack).add('project', 'club-website');
    Tags.of(stack).add('stage', config.stage);
  }
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { ...(backupCopy && { backupCopy }), data, mail, edge, web, api, site, watch, globalWatch };
}
