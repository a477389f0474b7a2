/**
 * nagFindings (support.ts) is what the stage tests' cdk-nag checks read; it must report what cdk-nag found,
 * from the assembly already synthesised, as Annotations.fromStack would after synthesising again.
 */
import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, NagSuppressions } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { nagFindings } from './support';

function appWithBucket(suppress: boolean): Stack {
  const app = new App();
  const stack = new Stack(app, 'Nagged');
  const bucket = new Bucket(stack, 'Plain');
  if (suppress) {
    NagSuppressions.addResourceSuppressions(bucket, [
      { id: 'AwsSolutions-S1', reason: 'A test bucket with no access log.' },
      { id: 'AwsSolutions-S10', reason: 'A test bucket that is never read.' },
    ]);
  }
  Aspects.of(app).add(new AwsSolutionsChecks());
  app.synth();
  return stack;
}

describe('nagFindings', () => {
  it("reports a bare bucket's AwsSolutions errors, the same ones Annotations.fromStack finds", () => {
    const stack = appWithBucket(false);

    const findings = nagFindings(stack);

    expect(findings.some((f) => f.startsWith('/Nagged/Plain/Resource: AwsSolutions-S1:'))).toBe(true);
    expect(findings.some((f) => f.startsWith('/Nagged/Plain/Resource: AwsSolutions-S10:'))).toBe(true);
    const annotations = Annotations.fromStack(stack);
    const expected = [
      ...annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ...annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
    ].map((a) => `${a.id}: ${String(a.entry.data)}`);
    expect([...findings].sort()).toEqual([...expected].sort());
  });

  it('reports nothing once the findings are suppressed with reasons', () => {
    expect(nagFindings(appWithBucket(true))).toEqual([]);
  });
});
