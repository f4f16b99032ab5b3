/**
 * The `paylink` event bus and everything that reacts to time or events: each catalogue rule becomes a rule
 * on the bus, each schedule a rule on the account's default bus (EventBridge allows no schedule on a
 * custom bus).
 */
import { Duration } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { CatalogFunction } from './catalog-function';

export interface EventRoutingProps {
  stage: string;
  isProduction: boolean;
}

/** The bus name: `paylink` in production (as the local runtime names it), suffixed by stage elsewhere so stages can share an account. */
export function eventBusNameFor(stage: string, isProduction: boolean): string {
  return isProduction ? 'paylink' : `paylink-${stage}`;
}

export class EventRouting extends Construct {
  readonly bus: EventBus;

  constructor(scope: Construct, id: string, props: EventRoutingProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', {
      eventBusName: eventBusNameFor(props.stage, props.isProduction),
      description: 'Paylink domain events (payments, merchants); see functions/catalog.ts for who listens',
    });
  }

  addRulesFor(catalogFunction: CatalogFunction) {
    const { spec } = catalogFunction;
    (spec.rules ?? []).forEach((rule, index) => {
      new Rule(this, `${catalogFunction.node.id}Rule${index + 1}`, {
        description: `${rule.source} ${rule.detailTypes.join(' | ')} → ${spec.name}`,
        eventBus: this.bus,
        eventPattern: { source: [rule.source], detailType: rule.detailTypes },
        targets: [new LambdaFunction(catalogFunction.function)],
      });
    });
    if (spec.schedule) {
      new Rule(this, `${catalogFunction.node.id}Schedule`, {
        description: `Every ${spec.schedule.rateMinutes} min → ${spec.name}`,
        schedule: Schedule.rate(Duration.minutes(spec.schedule.rateMinutes)),
        targets: [new LambdaFunction(catalogFunction.function)],
      });
    }
  }
}
