import { useId, useState, type FormEvent } from 'react';
import { ROLES, type Role } from '@shared/roles';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
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

/** Settings → Team (the owner's): members with their roles, pending invitations, and a new invitation. */
export function TeamCard() {
  const headingId = useId();
  const team = useTeam();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const failure = [changeRole, remove, resend, revoke].find((mutation) => mutation.isError)?.error;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {strings.title}
        </CardTitle>
        <CardDescription>{strings.description}</CardDescription>
        <CardDescription>{strings.roles}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {failure ? (
          <Alert variant="destructive" role="alert">
            {failure.message}
          </Alert>
        ) : null}
        {team.isPending ? <p>{strings.loading}</p> : null}
        {team.isError ? (
          <Alert variant="destructive" role="alert">
            {strings.failed}{' '}
            <Button variant="outline" onClick={() => void team.refetch()}>
              {strings.retry}
            </Button>
          </Alert>
        ) : null}
        {team.data ? (
          <>
            <section aria-label={strings.members} className="flex flex-col gap-3">
              <h3 className="text-sm font-semibold">{strings.members}</h3>
              <ul className="flex flex-col gap-3">
                {team.data.members.map((member) => (
                  <li key={member.memberId} className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0">
                      <span className="block font-medium">{member.name}</span>
                      <span className="block text-sm break-all text-muted-foreground">{member.email}</span>
                    </span>
                    {member.founder ? (
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
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-label={strings.pending} className="flex flex-col gap-3">
              <h3 className="text-sm font-semibold">{strings.pending}</h3>
              {team.data.invitations.length === 0 ? (
                <p className="text-sm text-muted-foreground">{strings.noPending}</p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {team.data.invitations.map((invitation) => (
                    <li key={invitation.invitationId} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="min-w-0">
                        <span className="block break-all">{invitation.email}</span>
                        <span className="block text-sm text-muted-foreground">
                          {teamStrings.roleLabel(invitation.role)} ·{' '}
                          {strings.expires(new Date(invitation.expiresAt).toLocaleDateString('en-NZ'))}
                        </span>
                      </span>
                      <span className="flex gap-2">
                        <Button variant="outline" onClick={() => resend.mutate(invitation.invitationId)}>
                          {strings.resend}
                        </Button>
                        <Button variant="outline" onClick={() => revoke.mutate(invitation.invitationId)}>
                          {strings.revoke}
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        ) : null}
        <InviteForm />
      </CardContent>
    </Card>
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
