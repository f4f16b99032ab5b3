/**
 * Paylink's own GST registration, a setting of the deployment: its GST number, or none when Paylink is not
 * registered (docs/decisions.md #NEW-ledger-a). Read through this one function so the fee statement and the
 * GST return worksheet agree, and so the deployment setting's name lives in one place.
 */
import { gstNumberDigits, gstNumberProblem } from '@shared/gst-number';

/** The environment variable the deployment sets to Paylink's GST number (unset or empty: not registered). */
export const PAYLINK_GST_NUMBER_ENV = 'PAYLINK_GST_NUMBER';

/**
 * Paylink's GST number as digits, or null when it is not registered. A number that fails Inland Revenue's
 * check is a mistake in the deployment, never a reason to issue documents without GST: it throws.
 */
export function paylinkGstNumber(): string | null {
  const configured = process.env[PAYLINK_GST_NUMBER_ENV]?.trim();
  if (!configured) return null;
  const problem = gstNumberProblem(configured);
  if (problem) throw new Error(`${PAYLINK_GST_NUMBER_ENV} is not a valid GST number (${problem})`);
  return gstNumberDigits(configured);
}
