import { useMutation } from '@tanstack/react-query';
import { stripeDiagnosticSchema, type StripeDiagnostic } from '@shared/contracts/stripe-connection';
import { authenticatedApiSend } from '@web/lib/api-client';

/** POST /api/me/stripe/diagnose. Reads only; nothing to invalidate. */
export function diagnoseStripe(): Promise<StripeDiagnostic> {
  return authenticatedApiSend('POST', '/api/me/stripe/diagnose', undefined, stripeDiagnosticSchema);
}

export function useDiagnoseStripe() {
  return useMutation({ mutationFn: diagnoseStripe });
}
