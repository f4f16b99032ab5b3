import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { chooseBusiness } from '@web/lib/current-business';
import { acceptInvitation } from '../api/team';
import { teamStrings } from '../team-strings';
import { takePendingInvitation } from '../pending-invitation-token';

/**
 * Inside the signed-in dashboard: accepts the invitation the join page kept, switches to that business and
 * reloads what the dashboard shows. Says why when it cannot (expired, another email…).
 */
export function PendingInvitation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (joined) => {
      chooseBusiness(joined.businessId);
      // Everything shown so far was the person's own business.
      await queryClient.resetQueries();
      await navigate('/dashboard', { replace: true });
    },
  });
  const { mutate } = accept;
  useEffect(() => {
    const token = takePendingInvitation();
    if (token) mutate(token);
  }, [mutate]);
  if (accept.isIdle) return null;
  if (accept.isError) {
    return (
      <Alert variant="destructive" role="alert" className="mb-6">
        {teamStrings.join.failed}: {accept.error.message}
      </Alert>
    );
  }
  return (
    <Alert variant="info" role="status" className="mb-6">
      {accept.isSuccess ? teamStrings.join.joined(accept.data.role) : teamStrings.join.joining}
    </Alert>
  );
}
