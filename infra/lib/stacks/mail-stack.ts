import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { MailSettings } from '../constructs/handler-function';
import type { StageConfig } from '../stage-config';

export interface MailStackProps extends StackProps {
  readonly config: StageConfig;
}

/** SES v2: the stage's sending domain and the configuration set every message goes through. */
export class MailStack extends Stack {
  /** What the API's mail-sending functions need: send-as identity, configuration set, From header. */
  readonly mail: MailSettings;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { config } = props;

    const configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      // Verification and reset links must not cross the network in clear text.
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      // Stop mailing addresses that bounced or complained: protects the club's sending reputation.
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // Easy DKIM: SES generates the keys; the operator adds the three CNAMEs printed below to DNS.
    const identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(config.mailDomain),
      configurationSet,
    });

    this.mail = {
      identityArn: identity.emailIdentityArn,
      configurationSetName: configurationSet.configurationSetName,
      from: config.mailFrom,
    };

    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `Dkim${i + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
        description: `DKIM record ${i + 1} of 3 to add to ${config.mailDomain}'s DNS`,
      });
    });
  }
}
