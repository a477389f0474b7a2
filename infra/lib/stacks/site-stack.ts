import { type CfnElement, Stack, type StackProps } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** Hashed build output: the file name changes whenever its content does, so browsers may keep it forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface SiteStackProps extends StackProps {
  readonly config: StageConfig;
  /** The built site (web/dist in the app; a small fixture in tests). */
  readonly webDistDir: string;
  readonly siteBucket: Bucket;
  readonly distribution: IDistribution;
}

/**
 * The release of the site itself: the build's upload and CloudFront's invalidation. A stack of its own that
 * the app makes depend on the API stack, so a deploy publishes new pages only once the API has every route
 * they call, and a failed API deploy (rolled back by CloudFormation) stops the release before any page
 * changes: visitors keep the old site, which matches the old API.
 */
export class SiteStack extends Stack {
  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { webDistDir, siteBucket, distribution } = props;

    // Upload the build: hashed assets first (kept across deploys so open tabs can still lazy-load their
    // chunks), then everything else uncached so a deploy shows at once. Source maps (for error reporting,
    // not for visitors), Vite's manifest and any prerender leftovers stay out of the public bucket.
    const site = Source.asset(webDistDir, { exclude: ['**/*.map', '.vite', '.ssr'] });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [site],
      destinationBucket: siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.fromString(IMMUTABLE)],
      prune: false,
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [site],
      destinationBucket: siteBucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    this.suppressDeploymentFindings(siteBucket);
  }

  /** BucketDeployment's handler is CDK's own deploy-time Lambda (one per stack), not part of the product. */
  private suppressDeploymentFindings(siteBucket: Bucket): void {
    const handlers = this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const bucketStack = Stack.of(siteBucket);
    const siteBucketId = bucketStack.getLogicalId(siteBucket.node.defaultChild as CfnElement);
    for (const handler of handlers) {
      NagSuppressions.addResourceSuppressions(
        handler,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'CDK’s BucketDeployment handler, run only during deploys: it reads the build zip from the CDK ' +
              'asset bucket and syncs it into the site bucket (object-level s3 wildcards on those two buckets ' +
              'only), and invalidates the CDN after an upload (CDK grants CloudFront invalidation on "*").',
            appliesTo: [
              'Action::s3:GetObject*',
              'Action::s3:GetBucket*',
              'Action::s3:List*',
              'Action::s3:DeleteObject*',
              'Action::s3:Abort*',
              `Resource::<${siteBucketId}.Arn>/*`,
              // The site bucket, as this stack reads its ARN from the web stack's output.
              {
                regex: `/^Resource::\\{"Fn::GetStackOutput":.*"OutputName":"[A-Za-z]*${siteBucketId}Arn[A-Za-z0-9]*"\\}\\}\\/\\*$/g`,
              },
              { regex: '/^Resource::arn:aws:s3:::cdk-[a-z0-9]+-assets-.*\\/\\*$/g' },
              'Resource::*',
            ],
          },
          {
            id: 'AwsSolutions-IAM4',
            reason:
              'CDK creates the BucketDeployment handler’s role with AWS’s managed log-writing policy ' +
              '(CloudWatch Logs create/put only); the role is not configurable and runs only during deploys.',
            appliesTo: [
              'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
            ],
          },
          {
            id: 'AwsSolutions-L1',
            reason:
              'The BucketDeployment handler’s runtime is chosen and shipped by aws-cdk-lib; it moves forward ' +
              'when aws-cdk-lib is upgraded, not by configuration here.',
          },
        ],
        true,
      );
    }
  }
}
