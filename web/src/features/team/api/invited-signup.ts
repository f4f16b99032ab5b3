import { useMutation, useQuery } from '@tanstack/react-query';
import {
  invitationPreviewSchema,
  invitedSignupResponseSchema,
  type InvitedSignupData,
} from '@shared/contracts/invited-signup';
import { apiSend } from '@web/lib/api-client';

/** What the invitation is (its email, business, role); refused in words when it is used, revoked or expired. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => apiSend('POST', '/api/invitations/preview', { token }, invitationPreviewSchema),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/signup/invited (docs/decisions.md #277): 201; 409 account_exists; 4xx for the invitation. */
export function useInvitedSignup() {
  return useMutation({
    mutationFn: (request: InvitedSignupData) =>
      apiSend('POST', '/api/signup/invited', request, invitedSignupResponseSchema),
  });
}
