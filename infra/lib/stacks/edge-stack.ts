import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_PREFIX, serverMessages } from '@club/shared';
import type { StageConfig } from '../stage-config';

/** CloudFront reads its web ACLs, certificates and metrics from one region only. */
export const CLOUDFRONT_REGION = 'us-east-1';

/** The AWS managed common rule set's rules that inspect request bodies (AWSManagedRulesCommonRuleSet). */
export const COMMON_RULES_COUNTED = [
  // 8 KB: Stripe's webhook events are larger, and the functions refuse bodies over 64 KB themselves.
  'SizeRestrictions_BODY',
  // Free text in JSON (a password may hold "<", "../" or "http://"): the API renders no HTML, opens no
  // file and fetches no URL it is sent, and valibot checks every field, so these would only refuse
  // families whose password happens to look like an attack.
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
] as const;

export interface EdgeStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * The stage's WAF web ACL for CloudFront (CLOUDFRONT scope, so it must live in us-east-1). Per visitor
 * address: a rate limit on sign-in and account endpoints, a looser one on the whole API; then AWS's
 * managed common rules. The web stack attaches it to the distribution through a cross-region reference.
 */
export class EdgeStack extends Stack {
  /** The web ACL's ARN, for the distribution's WebACLId. */
  readonly webAclArn: string;
  /** The web ACL's name: the WebACL dimension of its CloudWatch metrics (us-east-1). */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.webAclName = `club-${config.stage}-edge`;
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const tooMany: CfnWebACL.RuleActionProperty = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' } },
    };
    const pathStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        searchString: prefix,
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const perAddress = (limit: number, prefix: string): CfnWebACL.StatementProperty => ({
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        scopeDownStatement: pathStartsWith(prefix),
      },
    });

    const acl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: `Club website ${config.stage} - per-address rate limits and AWS common rules`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.webAclName),
      // The SPA shows an API answer's `message`: a refused visitor reads the same words as the functions'
      // own per-address limits give.
      customResponseBodies: {
        'too-many-requests': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ message: serverMessages.tooManyAttempts }),
        },
      },
      rules: [
        {
          name: 'auth-per-address',
          priority: 0,
          action: tooMany,
          statement: perAddress(config.edgeRateLimits.authPer5Minutes, `${API_PREFIX}/auth/`),
          visibilityConfig: visibility('auth-per-address'),
        },
        {
          name: 'api-per-address',
          priority: 1,
          action: tooMany,
          statement: perAddress(config.edgeRateLimits.apiPer5Minutes, `${API_PREFIX}/`),
          visibilityConfig: visibility('api-per-address'),
        },
        {
          name: 'aws-common-rules',
          priority: 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Counted, not blocked: still visible in the metrics and sampled requests.
              ruleActionOverrides: COMMON_RULES_COUNTED.map((name) => ({ name, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility('aws-common-rules'),
        },
      ],
    });
    this.webAclArn = acl.attrArn;

    new CfnOutput(this, 'WebAclArn', { value: acl.attrArn });
  }
}
