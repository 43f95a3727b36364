import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Link as RouterLink, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { failureTexts, loadUserPermission, loadUserWithGroups, saveUserRoles, type PermissionResource, type UserGroupMembership } from '../api';
import { useClientShell } from '../client-context';
import { RoleCheckboxes, submittedRoles } from '../components/role-checkboxes';

const t = nl.clients.userEdit;

interface UserEditData {
  /** The user's name, for the title and the saved text (the e-mail or id without one). */
  name: string;
  permission: PermissionResource | undefined;
  /** The groups of this client the user is in, by label; null when the server does not show the user. */
  groups: UserGroupMembership[] | null;
}

/**
 * The user's `user_permission` in the client and the user with their groups (both JSON:API).
 * The user's answer holds the groups of every client the caller reads users of, so only this
 * client's stay. A user the server does not show here (404) is a user without rights here.
 */
export async function clientUserEditLoader({ params, request }: LoaderFunctionArgs): Promise<UserEditData> {
  const client_id = params.client_id ?? '';
  const user_id = params.user_id ?? '';
  const [permission, found] = await Promise.all([
    loadUserPermission(client_id, user_id, request.signal),
    loadUserWithGroups(user_id, request.signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  ]);
  if (!found) return { name: user_id, permission, groups: null };
  const groups = found.groups
    .filter((group) => group.clientId === client_id)
    .sort((a, b) => a.label.localeCompare(b.label, 'nl'));
  return { name: found.user.display_name || found.user.email || user_id, permission, groups };
}

interface UserEditResult {
  errors: string[];
}

/** `PATCH jsonapi/user_permission/user_permission/{id}` with the ticked roles; then the users list. */
export async function clientUserEditAction({ params, request }: ActionFunctionArgs): Promise<UserEditResult | Response> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const permissionId = String(form.get('permission_id') ?? '');
  const name = String(form.get('name') ?? '');
  try {
    await saveUserRoles(permissionId, submittedRoles(form));
  } catch (error) {
    return { errors: failureTexts(error, t.failed) };
  }
  showToast(t.saved(name), { severity: 'success' });
  return redirect(paths.client_users.build({ client_id }));
}

/** Spec 002 screen 12 (edit a user's roles), with the user's groups in the client to read. */
export function ClientUserEditRoute() {
  const { name, permission, groups } = useLoaderData<UserEditData>();
  const { client, rights } = useClientShell();
  const result = useActionData<UserEditResult>();
  const submitting = useNavigation().state !== 'idle';
  const back = paths.client_users.build({ client_id: client.id });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Paper variant="outlined" component="section" aria-labelledby="client-user-edit-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <Typography id="client-user-edit-title" variant="h6" component="h2">
            {t.title(name)}
          </Typography>
          {permission === undefined ? (
            <>
              <Alert severity="warning">{t.missing}</Alert>
              <Box>
                <Button component={RouterLink} to={back}>
                  {t.cancel}
                </Button>
              </Box>
            </>
          ) : (
            <>
              {groups && <UserGroups groups={groups} />}
              <Form method="post">
                <Stack spacing={3}>
                  {result?.errors.map((text) => (
                    <Alert key={text} severity="error" role="alert">
                      {text}
                    </Alert>
                  ))}
                  <input type="hidden" name="permission_id" value={permission.id} />
                  <input type="hidden" name="name" value={name} />
                  <RoleCheckboxes key={permission.id} rights={rights} initial={permission.attributes.roles ?? []} />
                  <Stack direction="row" spacing={2}>
                    <Button type="submit" variant="contained" disabled={submitting}>
                      {t.submit}
                    </Button>
                    <Button component={RouterLink} to={back}>
                      {t.cancel}
                    </Button>
                  </Stack>
                </Stack>
              </Form>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}

/** The user's groups in this client, read-only: they are changed on each group's own screen. */
function UserGroups({ groups }: { groups: UserGroupMembership[] }) {
  return (
    <Box component="section" aria-labelledby="client-user-edit-groups">
      <Typography id="client-user-edit-groups" variant="subtitle1" component="h3">
        {t.groups}
      </Typography>
      {groups.length === 0 ? (
        <Typography color="text.secondary">{t.groupsEmpty}</Typography>
      ) : (
        <List dense disablePadding aria-labelledby="client-user-edit-groups">
          {groups.map((group) => (
            <ListItem key={group.id} disableGutters>
              <ListItemText primary={group.label} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
