/**
 * The stack built from the real catalogue plus fixture entries for the wiring the real one does not use
 * (a singular `rate(1 minute)` schedule, several bus rules on one function), so those paths are proven before
 * a feature needs them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCatalogueConformance } from './catalog-conformance';
import { fixtureCatalog } from './fixture-catalog';
import { unacknowledgedAwsSolutionsFindings } from './nag-findings';
import { describeStackLimits } from './stack-limits';
import { synthesizePaylink, type SynthesizedPaylink } from './synthesize-paylink';

let synthesized: SynthesizedPaylink;
beforeAll(() => {
  synthesized = synthesizePaylink({ functions: fixtureCatalog });
});
const synth = () => synthesized;

it('covers every kind of wiring, the kinds only a fixture uses included', () => {
  const uses = (has: (spec: (typeof fixtureCatalog)[number]) => boolean) => fixtureCatalog.some(has);
  // Listed by name, so a missing kind is named in the failure. The last two come only from the fixtures:
  // removing one of those fixture entries (or the real catalogue growing a new kind of wiring without a
  // line here) is what this catches.
  expect({
    schedule: uses((spec) => Boolean(spec.schedule)),
    trigger: uses((spec) => Boolean(spec.cognitoTrigger)),
    secrets: uses((spec) => Boolean(spec.secrets?.length)),
    email: uses((spec) => Boolean(spec.sendsEmail)),
    events: uses((spec) => Boolean(spec.putsEvents)),
    webhook: uses((spec) => Boolean(spec.routes?.some((route) => route.auth === 'stripe-webhook'))),
    singularMinuteSchedule: uses((spec) => spec.schedule?.rateMinutes === 1),
    severalRulesOnOneFunction: uses((spec) => (spec.rules?.length ?? 0) > 1),
  }).toEqual({
    schedule: true,
    trigger: true,
    secrets: true,
    email: true,
    events: true,
    webhook: true,
    singularMinuteSchedule: true,
    severalRulesOnOneFunction: true,
  });
});

describeCatalogueConformance(synth, fixtureCatalog);
describeStackLimits(synth);

describe('cdk-nag AwsSolutions', () => {
  it('has no unacknowledged errors or warnings', () => {
    expect(unacknowledgedAwsSolutionsFindings(synth().stack)).toEqual([]);
  });
});
