import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { nl } from '@/messages/nl-admin';
import { CLIENT_ROLES, mayAssign, roleLabel, type Rights } from '../policy';

interface RoleCheckboxesProps {
  /** The editor's rights: a role is only offered with 'assign {role} role'. */
  rights: Rights;
  /** The roles ticked at first. */
  initial?: readonly string[];
  /** The form field the ticked roles are sent as, once each. */
  name?: string;
}

/**
 * The client roles as checkboxes (spec 002 section 5), 'Formulier invuller' shown as always on.
 * A role the editor may not assign is disabled; when the user already holds it, it is still
 * sent (a hidden field), so saving never takes away what the editor could not give.
 */
export function RoleCheckboxes({ rights, initial = [], name = 'roles' }: RoleCheckboxesProps) {
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{nl.clients.userAdd.roles}</FormLabel>
      <FormGroup>
        <FormControlLabel control={<Checkbox checked disabled />} label={nl.clients.userAdd.formFiller} />
        {CLIENT_ROLES.map((role) => {
          const allowed = mayAssign(rights, role);
          const held = initial.includes(role);
          return (
            <FormControlLabel
              key={role}
              control={<Checkbox name={allowed ? name : undefined} value={role} defaultChecked={held} disabled={!allowed} />}
              label={
                <>
                  {roleLabel(role)}
                  {!allowed && held && <input type="hidden" name={name} value={role} />}
                </>
              }
            />
          );
        })}
      </FormGroup>
    </FormControl>
  );
}

/** The client roles a submitted form holds, each once, unknown ones dropped. */
export function submittedRoles(form: FormData, name = 'roles'): string[] {
  const sent = new Set(form.getAll(name).map(String));
  return CLIENT_ROLES.filter((role) => sent.has(role));
}
