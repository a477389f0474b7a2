/**
 * The CDN's page mapping when the build is partial: a prerendered page missing from the upload is served
 * the SPA shell (which renders it too) instead of S3's 403, and synth says which pages are missing.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { WebStack } from '../lib/stacks/web-stack';
import { stageConfig } from '../lib/stage-config';
import { viewerRequestCode } from '../lib/viewer-request';
import { siteFixture, TEST_WEB_ACL_ARN } from './support';

type Handler = (event: { request: { uri: string } }) => { uri: string };
const load = (code: string): ((uri: string) => string) => {
  const handler = new Function(`${code}\nreturn handler;`)() as Handler;
  return (uri) => handler({ request: { uri } }).uri;
};

describe('viewer-request function', () => {
  it('maps only the prerendered pages the build contains', () => {
    const app = new App();
    const stack = new WebStack(app, 'web', {
      config: stageConfig('dev'),
      webDistDir: siteFixture(['/terms']),
      webAclArn: TEST_WEB_ACL_ARN,
      originSecret: new Secret(new Stack(app, 'data'), 'OriginSecret'),
    });
    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::CloudFront::Function'));
    const fetched = load(fn?.Properties.FunctionCode as string);

    expect(fetched('/privacy')).toBe('/privacy/index.html');
    expect(fetched('/terms')).toBe('/shell.html');
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('no prerendered HTML for /terms:'));
  });

  it('treats a dot in the last segment as a file and nowhere else', () => {
    const fetched = load(viewerRequestCode(['/', '/about']));

    expect(fetched('/robots.txt')).toBe('/robots.txt');
    expect(fetched('/v1.2/page')).toBe('/shell.html');
    expect(fetched('/admin')).toBe('/shell.html');
    expect(fetched('/about/')).toBe('/about/index.html');
    expect(fetched('/About')).toBe('/shell.html'); // paths are case-sensitive, as in the router
  });
});
