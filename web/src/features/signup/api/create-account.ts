import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema, type SignupData } from '@shared/contracts/signup';
import { apiSend } from '@web/lib/api-client';

/** POST /api/signup: 201 on success; 409 account_exists; 400 with per-field messages or bot_check_failed. */
export function createAccount(request: SignupData) {
  return apiSend('POST', '/api/signup', request, signupResponseSchema);
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
