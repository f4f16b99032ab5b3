import { Users } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ROLES, type Role } from '@shared/roles';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { ListCard } from '@web/components/list-card';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import {
  useChangeRole,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeam,
} from '../api/team';
import { teamStrings } from '../team-strings';

const strings = teamStrings.card;

function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {teamStrings.roleLabel(role)}
    </option>
  ));
}

/** One person of the team or one invitation: who, a line about them, and what the owner may do. */
function PersonRow({ name, about, actions }: { name: ReactNode; about: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-6 py-4">
      <span className="min-w-0">
        <span className="block font-medium break-words">{name}</span>
        <span className="block text-sm break-all text-muted-foreground">{about}</span>
      </span>
      {actions}
    </li>
  );
}

/** Settings → Team (the owner's): members with their roles, pending invitations, and a new invitation. */
export function TeamCard() {
  const team = useTeam();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const failure = [changeRole, remove, resend, revoke].find((mutation) => mutation.isError)?.error;
  return (
    <ListCard
      query={team}
      itemsOf={(data) => data.members}
      words={strings}
      retryLabel={strings.retry}
      emptyIcon={Users}
      after={
        <div className="flex flex-col gap-6 border-t border-border p-6">
          {failure ? (
            <Alert variant="destructive" role="alert">
              {failure.message}
            </Alert>
          ) : null}
          <section aria-label={strings.pending} className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold">{strings.pending}</h3>
            {resend.isSuccess ? (
              <p role="status" className="text-sm">
                {strings.resent(resend.data.email)}
              </p>
            ) : null}
            {team.data?.invitations.length ? (
              <ul className="-mx-6 divide-y divide-border">
                {team.data.invitations.map((invitation) => (
                  <PersonRow
                    key={invitation.invitationId}
                    name={invitation.email}
                    about={`${teamStrings.roleLabel(invitation.role)} · ${strings.expires(
                      new Date(invitation.expiresAt).toLocaleDateString('en-NZ'),
                    )}`}
                    actions={
                      <span className="flex gap-2">
                        <Button variant="outline" onClick={() => resend.mutate(invitation.invitationId)}>
                          {strings.resend}
                        </Button>
                        <Button variant="outline" onClick={() => revoke.mutate(invitation.invitationId)}>
                          {strings.revoke}
                        </Button>
                      </span>
                    }
                  />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{strings.noPending}</p>
            )}
          </section>
          <InviteForm />
        </div>
      }
    >
      {(member) => (
        <PersonRow
          key={member.memberId}
          name={member.name}
          about={member.email}
          actions={
            member.founder ? (
              <span className="text-sm text-muted-foreground">
                {teamStrings.roleLabel('owner')} · {strings.founder}
              </span>
            ) : (
              <span className="flex items-center gap-2">
                <NativeSelect
                  aria-label={strings.roleOf(member.name)}
                  value={member.role}
                  onChange={(event) =>
                    changeRole.mutate({ memberId: member.memberId, role: event.target.value as Role })
                  }
                >
                  <RoleOptions />
                </NativeSelect>
                <Button
                  variant="outline"
                  aria-label={strings.removeOf(member.name)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(member.memberId)}
                >
                  {strings.remove}
                </Button>
              </span>
            )
          }
        />
      )}
    </ListCard>
  );
}

function InviteForm() {
  const ids = { email: useId(), role: useId() };
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  const error = invite.error?.message;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={strings.inviteHeading}>
      <h3 className="text-sm font-semibold">{strings.inviteHeading}</h3>
      {invite.isSuccess ? <p role="status">{strings.invited(invite.variables.email)}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.email} label={strings.email} error={error}>
          <Input
            {...fieldControlProps(ids.email, { error })}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField id={ids.role} label={strings.role}>
          <NativeSelect id={ids.role} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            <RoleOptions />
          </NativeSelect>
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? strings.inviting : strings.invite}
        </Button>
      </div>
    </form>
  );
}
