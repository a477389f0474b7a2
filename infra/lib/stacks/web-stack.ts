import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Annotations,
  CfnOutput,
  Duration,
  Fn,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@club/functions/deploy-facts';
import {
  API_PREFIX,
  CONTENT_SECURITY_POLICY,
  PRERENDERED_PATHS,
  SPA_SHELL_FILE,
  prerenderedFile,
} from '@club/shared';
import type { StageConfig } from '../stage-config';
import { viewerRequestCode } from '../viewer-request';

export class SiteNotBuiltError extends Error {
  constructor(distDir: string) {
    super(
      `The site is not built: ${join(distDir, SPA_SHELL_FILE)} is missing. Run \`npm run build -w web\` first ` +
        '(npm run synth and npm run deploy do it for you).',
    );
    this.name = 'SiteNotBuiltError';
  }
}

/** Throws SiteNotBuiltError unless `webDistDir` holds a whole build. */
export function assertSiteBuilt(webDistDir: string): void {
  // The shell is written last but one by the build's prerender step, so its presence means a whole build.
  if (!existsSync(join(webDistDir, SPA_SHELL_FILE)) || !existsSync(join(webDistDir, 'index.html'))) {
    throw new SiteNotBuiltError(webDistDir);
  }
}

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  /** The built site (web/dist in the app; a small fixture in tests). */
  readonly webDistDir: string;
  /** Sent to the API as x-origin-verify, so the functions can tell CloudFront from a direct caller. */
  readonly originSecret: ISecret;
  /** The WAF web ACL in front of the distribution (edge stack, us-east-1). */
  readonly webAclArn: string;
}

/**
 * Everything public: the private site bucket behind CloudFront, and the HTTP API's endpoint that CloudFront
 * forwards `/api/*` to. The bare API (no routes, no stage) lives here rather than in the API stack because
 * CloudFront needs the API's host name and the functions need the site's URL: this way the API stack
 * depends on this one and nothing depends back, and SITE_URL is right from the first deploy even without a
 * custom domain. The build itself is uploaded by the site stack, after the API's routes exist.
 */
export class WebStack extends Stack {
  readonly api: HttpApi;
  readonly distribution: Distribution;
  /** Where the built site goes; the site stack uploads into it after the API stack has deployed. */
  readonly siteBucket: Bucket;
  /** https origin of the site: the custom domain, or the distribution's own domain. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config, webDistDir, originSecret } = props;
    assertSiteBuilt(webDistDir);
    const retain = config.retainData;

    this.api = new HttpApi(this, 'Api', {
      apiName: `club-${config.stage}`,
      description: `Club website API (${config.stage}); routes and stage in the api stack`,
      // The stage, with throttling and access logs, is created with the routes in the api stack.
      createDefaultStage: false,
    });

    const logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are delivered with an ACL, so this bucket must accept ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.logRetention) }],
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !retain,
    });
    NagSuppressions.addResourceSuppressions(logBucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'This is the access-log bucket itself (CDN and site-bucket logs); logging it into itself would loop ' +
          'and a second log bucket would only move the question.',
      },
    ]);

    const siteBucket = (this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-site/',
      // Rebuilt from git on every deploy: nothing in it needs keeping.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    }));

    // Only pages whose HTML is in this build are mapped; any other path gets the shell, which renders it too.
    const prerendered = PRERENDERED_PATHS.filter((path) =>
      existsSync(join(webDistDir, prerenderedFile(path))),
    );
    const missing = PRERENDERED_PATHS.filter((path) => !prerendered.includes(path));
    if (missing.length > 0) {
      Annotations.of(this).addWarningV2(
        'club:prerender-missing',
        `web build has no prerendered HTML for ${missing.join(', ')}: those pages are served the SPA shell`,
      );
    }
    const viewerRequest = new CloudFrontFunction(this, 'ViewerRequest', {
      comment: 'Prerendered page or SPA shell for extensionless paths',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(viewerRequestCode(prerendered)),
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Club website ${config.stage}: CSP, HSTS and friends`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    // unsafeUnwrap puts a {{resolve:secretsmanager:…}} dynamic reference in the template, never the value:
    // CloudFormation resolves it when it writes the distribution. The value then sits in CloudFront's origin
    // configuration, readable by whoever may read the distribution's config in this account, which is where
    // it must be for CloudFront to send it; it proves "came through CloudFront", not a user's identity.
    // Pinning a version (stage config) makes a rotation a template change, so CloudFormation resolves anew.
    const originVerify = (
      config.originSecretVersionId
        ? SecretValue.secretsManager(originSecret.secretArn, { versionId: config.originSecretVersionId })
        : originSecret.secretValue
    ).unsafeUnwrap();
    const apiHost = Fn.select(2, Fn.split('/', this.api.apiEndpoint)); // https://<id>.execute-api…/ → host
    const domain = config.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Club website (${config.stage})`,
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America and Europe edges: the club's members are in Edmonton.
      priceClass: PriceClass.PRICE_CLASS_100,
      // The TLS policy applies with a custom domain's certificate; the default *.cloudfront.net one is fixed.
      ...(domain && {
        domainNames: [domain.domainName],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      // CloudFront's standard logs: the visitor's address (c-ip), path and status. No cookies (the refresh
      // cookie is a credential); no one-time token can appear in a logged path, query or Referer, since the
      // mails carry tokens in the URL fragment, which browsers never send (shared MAIL_LINK_PAGES).
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Same origin for the API (no CORS; the refresh cookie stays SameSite=Strict). Never cached; the
        // viewer's cookies, query string and Authorization header all reach API Gateway.
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Overwrites any x-origin-verify a viewer sends, like CloudFront's own CloudFront-* headers.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    this.siteUrl = `https://${domain ? domain.domainName : this.distribution.distributionDomainName}`;

    const suppressions = [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: the public pages are for anyone (families travel, sponsors are anywhere); ' +
          'nothing served is subject to regional licensing.',
      },
    ];
    if (!domain) {
      suppressions.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose ' +
          'viewer TLS policy CloudFront fixes; with customDomain set, TLSv1.2_2021 applies.',
      });
    }
    NagSuppressions.addResourceSuppressions(this.distribution, suppressions);

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'SiteBucketName', { value: siteBucket.bucketName });
  }
}
