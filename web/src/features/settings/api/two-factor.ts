import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import * as z from 'zod/mini';
import { BRAND_NAME } from '@shared/brand';
import { authErrorName, configureAuth } from '@web/lib/auth';
import { settingsStrings } from '../settings-strings';

/**
 * Authenticator-app two-factor (docs/decisions.md #23) through Amplify's own TOTP APIs, which talk to
 * Cognito with the signed-in merchant's access token: no Paylink API route is involved.
 */
export const twoFactorQueryKey = ['two-factor'] as const;

/** What an authenticator app shows: six digits (spaces, as some apps group them, are dropped). */
export const authenticatorCodeSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) => value.replace(/\s/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/, settingsStrings.twoFactor.codeFormat)),
);

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: async () => {
      await configureAuth();
      const { enabled } = await fetchMFAPreference();
      return { enabled: enabled?.includes('TOTP') === true };
    },
  });
}

export interface AuthenticatorSetup {
  /** The otpauth:// address the QR code carries. */
  uri: string;
  /** The same secret as text (base32), for typing into the app by hand. */
  secret: string;
  /** The QR code of `uri`, a PNG data URL. */
  qrCode: string;
}

/** A new secret for the merchant's authenticator app; two-factor stays off until a code from it is verified. */
export function useStartTwoFactorSetup(email: string) {
  return useMutation({
    mutationFn: async (): Promise<AuthenticatorSetup> => {
      await configureAuth();
      const details = await setUpTOTP();
      const uri = details.getSetupUri(BRAND_NAME, encodeURIComponent(email)).toString();
      // Loaded on first use: only a merchant setting up two-factor needs the QR encoder.
      const { toDataURL } = await import('qrcode');
      const qrCode = await toDataURL(uri, { errorCorrectionLevel: 'M', width: 192, margin: 2 });
      return { uri, secret: details.sharedSecret, qrCode };
    },
  });
}

/** Verifies a code from the new secret, then turns two-factor on (Cognito's verification alone does not). */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await configureAuth();
      await verifyTOTPSetup({ code, options: { friendlyDeviceName: 'Authenticator app' } });
      await updateMFAPreference({ totp: 'PREFERRED' });
    },
    onSuccess: () => queryClient.setQueryData(twoFactorQueryKey, { enabled: true }),
  });
}

/**
 * Turns two-factor off after a current code from the app proves the merchant still holds it (a session
 * left open on a shared device should not be enough). Verifying the already verified secret checks the
 * code and changes nothing else.
 */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await configureAuth();
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'DISABLED' });
    },
    onSuccess: () => queryClient.setQueryData(twoFactorQueryKey, { enabled: false }),
  });
}

/** The words for a code Cognito refused, shown by the code field. */
export function authenticatorCodeError(error: unknown): string {
  const strings = settingsStrings.twoFactor;
  switch (authErrorName(error)) {
    case 'EnableSoftwareTokenMFAException':
    case 'CodeMismatchException':
      return /already been used/i.test((error as Error).message) ? strings.codeUsed : strings.codeInvalid;
    default:
      return strings.failed(error instanceof Error && error.message ? error.message : strings.unexpected);
  }
}
