/**
 * One stage deployed in two regions of one account (the rehearsal's `dev` in Singapore beside Sydney's):
 * CloudFront's resources are global, so every name they carry must differ between the two, or the second
 * deploy fails on a name the first already holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesizePaylink, type CfnResourceJson } from './synthesize-paylink';

/** Each named CloudFront resource's name, by type (the name sits in the resource's Config, or at its top). */
function cloudFrontNames(resources: Record<string, CfnResourceJson>): string[] {
  return Object.values(resources)
    .filter((resource) => resource.Type.startsWith('AWS::CloudFront::'))
    .flatMap((resource) => {
      const properties = resource.Properties ?? {};
      const config = Object.entries(properties).find(([key]) => key.endsWith('Config'))?.[1] as
        { Name?: unknown } | undefined;
      const name = config?.Name ?? properties.Name;
      return typeof name === 'string' ? [`${resource.Type} ${name}`] : [];
    });
}

let sydney: string[];
let singapore: string[];
beforeAll(() => {
  // The web hosting does not depend on the functions: none keeps both synths quick.
  sydney = cloudFrontNames(synthesizePaylink({ context: { stage: 'dev' }, functions: [] }).resources);
  singapore = cloudFrontNames(
    synthesizePaylink({ context: { stage: 'dev', region: 'ap-southeast-1' }, functions: [] }).resources,
  );
});

describe('one stage in a second region', () => {
  it('names every CloudFront policy, access control and function apart from the first region', () => {
    expect(sydney.map((name) => name.split(' ')[0]).sort()).toEqual(
      expect.arrayContaining([
        'AWS::CloudFront::Function',
        'AWS::CloudFront::OriginAccessControl',
        'AWS::CloudFront::ResponseHeadersPolicy',
      ]),
    );
    expect(singapore).toHaveLength(sydney.length);
    expect(singapore.filter((name) => sydney.includes(name))).toEqual([]);
  });
});
