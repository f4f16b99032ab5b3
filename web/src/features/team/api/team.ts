import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  acceptedInvitationSchema,
  businessesSchema,
  invitationSchema,
  teamSchema,
  type InviteMemberBody,
} from '@shared/contracts/team';
import type { Role } from '@shared/roles';
import { authenticatedApiGet, authenticatedApiSend } from '@web/lib/api-client';
import { currentBusinessId } from '@web/lib/current-business';
import { MERCHANT_READ_PATHS } from '@web/lib/merchant-read-paths';
import { activityQueryKey } from './activity';

export const teamQueryKey = ['team'] as const;
export const businessesQueryKey = ['businesses'] as const;
/** A 204's empty answer. */
const noContent = z.undefined();

export function useTeam() {
  return useQuery({ queryKey: teamQueryKey, queryFn: () => authenticatedApiGet('/api/me/team', teamSchema) });
}

export const businessesQuery = queryOptions({
  queryKey: businessesQueryKey,
  queryFn: () => authenticatedApiGet(MERCHANT_READ_PATHS.businesses, businessesSchema),
});

/** The businesses the person may act for, with their role in each. */
export function useBusinesses() {
  return useQuery(businessesQuery);
}

/** The person's role in the business this browser acts for; undefined until known. */
export function useCurrentRole(): Role | undefined {
  const businesses = useBusinesses();
  const chosen = currentBusinessId();
  const list = businesses.data?.businesses ?? [];
  return (list.find((business) => business.businessId === chosen) ?? list[0])?.role;
}

function useTeamChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      // A team change is also an activity entry (docs/decisions.md #195).
      await queryClient.invalidateQueries({ queryKey: teamQueryKey });
      await queryClient.invalidateQueries({ queryKey: activityQueryKey });
    },
  });
}

export const useInvite = () =>
  useTeamChange((body: InviteMemberBody) =>
    authenticatedApiSend('POST', '/api/me/team/invitations', body, invitationSchema),
  );
export const useResendInvitation = () =>
  useTeamChange((invitationId: string) =>
    authenticatedApiSend('POST', `/api/me/team/invitations/${invitationId}/resend`, undefined, invitationSchema),
  );
export const useRevokeInvitation = () =>
  useTeamChange((invitationId: string) =>
    authenticatedApiSend('DELETE', `/api/me/team/invitations/${invitationId}`, undefined, noContent),
  );
export const useChangeRole = () =>
  useTeamChange(({ memberId, role }: { memberId: string; role: Role }) =>
    authenticatedApiSend('PATCH', `/api/me/team/members/${memberId}`, { role }, noContent),
  );
export const useRemoveMember = () =>
  useTeamChange((memberId: string) =>
    authenticatedApiSend('DELETE', `/api/me/team/members/${memberId}`, undefined, noContent),
  );

export function acceptInvitation(token: string) {
  return authenticatedApiSend('POST', '/api/me/invitations/accept', { token }, acceptedInvitationSchema);
}
