import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { chooseBusiness, currentBusinessId } from '@web/lib/current-business';
import { useBusinesses, useCurrentRole } from '../api/team';
import { teamStrings } from '../team-strings';

const strings = teamStrings.switcher;

/** In the sidebar: the business this browser acts for, when the person belongs to more than one, and their role. */
export function BusinessSwitcher() {
  const id = useId();
  const businesses = useBusinesses();
  const role = useCurrentRole();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = businesses.data?.businesses ?? [];
  if (list.length === 0 || !role) return null;
  const chosen = list.find((business) => business.businessId === currentBusinessId()) ?? list[0]!;
  return (
    <div className="flex flex-col gap-1">
      {list.length > 1 ? (
        <>
          <Label htmlFor={id}>{strings.label}</Label>
          <NativeSelect
            id={id}
            value={chosen.businessId}
            onChange={(event) => {
              // The own business is the default: no header at all.
              chooseBusiness(event.target.value === list[0]!.businessId ? null : event.target.value);
              // Everything on the page is the other business's. Reset, not clear: clearing drops the cache
              // under the mounted reads, which kept showing the old business's name and payments; a reset
              // empties them and reads again what is on screen, now for the chosen business.
              void queryClient.resetQueries();
              void navigate('/dashboard');
            }}
          >
            {list.map((business) => (
              <option key={business.businessId} value={business.businessId}>
                {business.name}
              </option>
            ))}
          </NativeSelect>
        </>
      ) : null}
      <p className="text-xs text-muted-foreground">{strings.role(role)}</p>
    </div>
  );
}
