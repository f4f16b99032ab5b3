/**
 * The stack built from a fixture catalogue that uses every kind of wiring the real one does not yet
 * (schedules, triggers, secrets, email, events), so those paths are proven before a feature needs them.
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

it('covers every kind of wiring', () => {
  const kinds = {
    schedule: fixtureCatalog.some((spec) => spec.schedule),
    trigger: fixtureCatalog.some((spec) => spec.cognitoTrigger),
    secrets: fixtureCatalog.some((spec) => spec.secrets?.length),
    email: fixtureCatalog.some((spec) => spec.sendsEmail),
    events: fixtureCatalog.some((spec) => spec.putsEvents),
    webhook: fixtureCatalog.some((spec) => spec.routes?.some((route) => route.auth === 'stripe-webhook')),
  };
  expect(Object.values(kinds).every(Boolean)).toBe(true);
});

describeCatalogueConformance(synth, fixtureCatalog);
describeStackLimits(synth);

describe('cdk-nag AwsSolutions', () => {
  it('has no unacknowledged errors or warnings', () => {
    expect(unacknowledgedAwsSolutionsFindings(synth().stack)).toEqual([]);
  });
});
