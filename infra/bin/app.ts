/**
 * The CDK app: one stage's stacks, chosen with `-c stage=dev|prod` (default dev). Synthesises offline
 * without an AWS account: no lookups, region from the stage config, account only if the CLI provides one.
 */
import { App } from 'aws-cdk-lib';
import { addClubStacks, prepareClubApp } from '../lib/club-app';
import { SiteNotBuiltError } from '../lib/stacks/web-stack';
import { StageConfigError, stageConfig } from '../lib/stage-config';

const app = new App();
try {
  const config = stageConfig(app.node.tryGetContext('stage') ?? 'dev');
  // The site checked, then every function's bundle first, one after another in one esbuild context, when this
  // run bundles the API at all.
  await prepareClubApp(app, { config });
  // Also applies Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true })) and the stage tags.
  addClubStacks(app, { config });
} catch (error) {
  // Mistakes an operator fixes in one place: say which, without a stack trace.
  if (!(error instanceof SiteNotBuiltError || error instanceof StageConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
app.synth();
