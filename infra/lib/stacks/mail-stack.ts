import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  MailFromBehaviorOnMxFailure,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { MailSettings } from '../constructs/handler-function';
import type { StageConfig } from '../stage-config';

export interface MailStackProps extends StackProps {
  readonly config: StageConfig;
}

/** The custom MAIL FROM (envelope sender) subdomain of the sending domain: where bounces go back to SES. */
export const MAIL_FROM_SUBDOMAIN = 'bounce';

/** The SES events the configuration set publishes to EventBridge's default bus (API stack's rule). */
export const PUBLISHED_MAIL_EVENTS = [
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.DELIVERY,
];

/**
 * SES v2: the stage's sending domain (Easy DKIM, custom MAIL FROM) and the configuration set every message
 * goes through, which publishes bounces, complaints and deliveries to EventBridge and reputation metrics to
 * CloudWatch. The DNS records an operator adds are outputs.
 */
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

    // Bounces, complaints and deliveries go to the default event bus (the only one SES publishes to); the
    // API stack's rule hands them to the function that records them, so a bounced address is never mailed
    // again (functions/src/handlers/mail/ses-events.ts).
    configurationSet.addEventDestination('Events', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: PUBLISHED_MAIL_EVENTS,
    });

    // Easy DKIM: SES generates the keys; the operator adds the three CNAMEs printed below to DNS. A custom
    // MAIL FROM puts the club's domain in the envelope too, so SPF aligns for DMARC as DKIM does; until its
    // MX record exists SES falls back to amazonses.com rather than refusing to send.
    const mailFromDomain = `${MAIL_FROM_SUBDOMAIN}.${config.mailDomain}`;
    const identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(config.mailDomain),
      configurationSet,
      mailFromDomain,
      mailFromBehaviorOnMxFailure: MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
    });

    this.mail = {
      identityArn: identity.emailIdentityArn,
      configurationSetName: configurationSet.configurationSetName,
      from: config.mailFrom,
      replyTo: config.mailReplyTo,
    };

    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `Dkim${i + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
        description: `DKIM record ${i + 1} of 3 to add to ${config.mailDomain}'s DNS`,
      });
    });
    new CfnOutput(this, 'MailFromMx', {
      value: `${mailFromDomain} MX 10 feedback-smtp.${this.region}.amazonses.com`,
      description: 'Custom MAIL FROM: add this MX record to DNS',
    });
    new CfnOutput(this, 'MailFromSpf', {
      value: `${mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
      description: 'Custom MAIL FROM: add this SPF record to DNS',
    });
    new CfnOutput(this, 'Dmarc', {
      value: `_dmarc.${config.mailDomain} TXT "v=DMARC1; p=${config.dmarcPolicy}; adkim=r; aspf=r"`,
      description: 'DMARC policy: add this record to DNS (docs/deploy.md; add rua=mailto:… for reports)',
    });
  }
}
