/**
 * Rotating the origin secret (docs/deploy.md, Secrets in full): pinning the new version in the stage config must change the
 * distribution's template, or CloudFormation would keep sending CloudFront the old value.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { WebStack } from '../lib/stacks/web-stack';
import type { StageConfig } from '../lib/stage-config';
import { deployableStage, siteFixture, TEST_WEB_ACL_ARN } from './support';

/** The x-origin-verify value the API origin sends, as the template has it. */
function originHeader(config: StageConfig): string {
  const app = new App();
  const web = new WebStack(app, 'web', {
    config,
    webDistDir: siteFixture(),
    webAclArn: TEST_WEB_ACL_ARN,
    originSecret: new Secret(new Stack(app, 'data'), 'OriginSecret'),
  });
  const [distribution] = Object.values(
    Template.fromStack(web).findResources('AWS::CloudFront::Distribution'),
  ) as Array<{ Properties: { DistributionConfig: { Origins: Array<{ OriginCustomHeaders?: unknown }> } } }>;
  const headers = distribution!.Properties.DistributionConfig.Origins.flatMap(
    (o) => (o.OriginCustomHeaders ?? []) as Array<{ HeaderName: string; HeaderValue: unknown }>,
  );
  expect(headers.map((h) => h.HeaderName)).toEqual(['x-origin-verify']);
  return JSON.stringify(headers[0]!.HeaderValue);
}

describe('the origin secret CloudFront sends', () => {
  it('is the current version until a rotation pins the new one, which changes the template', () => {
    const current = originHeader(deployableStage('prod'));
    const pinned = originHeader({ ...deployableStage('prod'), originSecretVersionId: 'a1b2c3d4-rotated' });

    expect(current).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
    expect(pinned).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::a1b2c3d4-rotated\}\}/);
  });
});
