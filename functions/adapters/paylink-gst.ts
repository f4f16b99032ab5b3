/**
 * Paylink's own GST registration, read from the one place the deployment sets it: the PAYLINK_GST_NUMBER
 * variable (functions/environment.ts), from the stage's `paylinkGstNumber` in infra/stages.ts
 * (docs/decisions.md #118). A value that is not a valid GST number counts as not registered, and is
 * refused by the synth before it could be deployed.
 */
import { gstNumberDigits, isValidGstNumber } from '@shared/gst-number';
import type { PaylinkGst } from '../domain/payout-line-gst';
import { ENV } from '../environment';

export function paylinkGstFromEnvironment(environment: NodeJS.ProcessEnv = process.env): PaylinkGst {
  const given = environment[ENV.paylinkGstNumber]?.trim() ?? '';
  return { gstNumber: given !== '' && isValidGstNumber(given) ? gstNumberDigits(given) : null };
}
