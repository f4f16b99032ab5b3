/**
 * The SES configuration set every Paylink email is sent with (the functions' `MAIL_CONFIGURATION_SET`), and its
 * one event destination: hard bounces and complaints go to EventBridge's default bus — the only bus SES
 * publishes to ("Monitoring SES events using Amazon EventBridge", Amazon SES Developer Guide) — where the
 * catalogue's `record-email-feedback` rule takes them (docs/decisions.md #201). Sending with a configuration
 * set needs `ses:SendEmail` on it as well as on the identity: `grantSendEmail` gives both.
 */
import { Stack } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** The configuration set's name: one per stage, so stages can share an account. */
export function mailConfigurationSetNameFor(stage: string): string {
  return `paylink-${stage}`;
}

export class MailEvents extends Construct {
  readonly configurationSet: ConfigurationSet;
  /** The name as a plain string, for the functions' environment (the grant names the resource itself). */
  readonly configurationSetName: string;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.configurationSetName = mailConfigurationSetNameFor(props.stage);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
  }

  /** Lets a function send with the configuration set (it already may send from the identity). */
  grantSendEmail(grantee: IGrantable, scope: Construct) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(scope).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            // The resource's own name (its Ref): the grant names the configuration set it depends on.
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
