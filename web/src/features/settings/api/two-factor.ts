import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { BRAND_NAME } from '@shared/brand';
import {
  twoFactorChangeResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  type TwoFactorChange,
} from '@shared/contracts/auth';
import { authenticatedApiGet, authenticatedApiSend } from '@web/lib/api-client';
import { ApiRequestError } from '@web/lib/api-request-error';
import { authErrorName, signOutThisDevice } from '@web/lib/auth';
import { useCloseRealtime } from '@web/lib/realtime/realtime-provider';
import { settingsStrings } from '../settings-strings';

/**
 * Authenticator-app two-factor (docs/decisions.md #23, #169, #259), all through Paylink: its status, a new
 * secret after the password, and turning it on or off, which checks the password and the code on the server
 * and ends every session, this one included. The browser's own token cannot call Cognito's TOTP operations.
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
    queryFn: () => authenticatedApiGet('/api/me/two-factor', twoFactorStatusSchema),
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

/** The address authenticator apps read from a QR code (Google's Key Uri Format, as Amplify wrote it). */
function setupUri(secret: string, email: string) {
  const issuer = encodeURIComponent(BRAND_NAME);
  return `otpauth://totp/${issuer}:${encodeURIComponent(email)}?secret=${secret}&issuer=${issuer}`;
}

/**
 * A new secret for the merchant's authenticator app, after their password (checked on the server); two-factor
 * stays off until a code from it is verified. The mutation's variables keep the password for that step.
 */
export function useStartTwoFactorSetup(email: string) {
  return useMutation({
    mutationFn: async (password: string): Promise<AuthenticatorSetup> => {
      const { secret } = await authenticatedApiSend(
        'POST',
        '/api/me/two-factor/setup',
        { password },
        twoFactorSetupResponseSchema,
      );
      const uri = setupUri(secret, email);
      // Loaded on first use: only a merchant setting up two-factor needs the QR encoder.
      const { toDataURL } = await import('qrcode');
      const qrCode = await toDataURL(uri, { errorCorrectionLevel: 'M', width: 192, margin: 2 });
      return { uri, secret, qrCode };
    },
  });
}

/**
 * Turns two-factor on or off through the server; every session then ends (docs/decisions.md #169), so this
 * device forgets its tokens too and leaves for the sign-in page, where the merchant signs in again.
 */
function useChangeTwoFactor() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeRealtime = useCloseRealtime();
  return useMutation({
    mutationFn: async (change: TwoFactorChange) => {
      const answer = await authenticatedApiSend('POST', '/api/me/two-factor', change, twoFactorChangeResponseSchema);
      closeRealtime();
      // The server has revoked this device's refresh token already; forgetting it here is all that is left.
      await signOutThisDevice().catch(() => undefined);
      return answer;
    },
    onSuccess: async () => {
      await navigate('/login');
      queryClient.clear();
    },
  });
}

/** Verifies a code from the new secret and turns two-factor on, on the server, with the setup's password. */
export function useEnableTwoFactor() {
  const change = useChangeTwoFactor();
  return {
    ...change,
    mutateAsync: (password: string, code: string) => change.mutateAsync({ turn: 'on', password, code }),
  };
}

/**
 * Turns two-factor off with the password and a current code, both checked on the server by a fresh sign-in:
 * a session left open on a shared device is not enough.
 */
export function useDisableTwoFactor() {
  const change = useChangeTwoFactor();
  return {
    ...change,
    mutateAsync: (password: string, code: string) => change.mutateAsync({ turn: 'off', password, code }),
  };
}

/** The words for a code Cognito refused, shown by the code field. */
export function authenticatorCodeError(error: unknown): string {
  const strings = settingsStrings.twoFactor;
  if (error instanceof ApiRequestError && error.code === 'code_invalid') return strings.codeInvalid;
  if (error instanceof ApiRequestError && error.fields.password) return error.fields.password;
  if (error instanceof ApiRequestError && error.code === 'two_factor_on') return error.message;
  switch (authErrorName(error)) {
    case 'EnableSoftwareTokenMFAException':
    case 'CodeMismatchException':
      return /already been used/i.test((error as Error).message) ? strings.codeUsed : strings.codeInvalid;
    default:
      return strings.failed(error instanceof Error && error.message ? error.message : strings.unexpected);
  }
}
