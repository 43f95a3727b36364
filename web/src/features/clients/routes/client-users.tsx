import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MailIcon from '@mui/icons-material/Mail';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { loadClientUsers, removeClientUser, resendWelcomeMail, type ClientUser } from '../api';
import { useClientShell } from '../client-context';
import { can, CLIENT_PERMISSION, roleLabel } from '../policy';

const t = nl.clients.users;

/** `GET api/clients/{id}/users`; the shell has checked 'eform client add users'. */
export async function clientUsersLoader({ params, request }: LoaderFunctionArgs): Promise<ClientUser[]> {
  return loadClientUsers(params.client_id ?? '', request.signal);
}

/**
 * Spec 002 screen 12: the client's users with their roles; per row edit roles, resend the
 * welcome mail and (with 'eform client remove users') remove from the client after confirmation.
 */
export function ClientUsersRoute() {
  const users = useLoaderData<ClientUser[]>();
  const { client, rights } = useClientShell();
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<ClientUser | null>(null);
  const [busy, setBusy] = useState(false);
  const mayRemove = can(rights, CLIENT_PERMISSION.removeUsers);

  const onRemove = async (user: ClientUser) => {
    setRemoving(null);
    setBusy(true);
    try {
      const answer = await removeClientUser(client.id, user.id);
      showToast(answer.message || t.removed(user.display_name), { severity: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      // A 403 has its own reaction (message, then the dashboard).
      if (!(error instanceof ApiError && error.status === 403)) {
        const text = error instanceof ApiError && error.status === 409 ? (error.serverMessage ?? t.removeFailed) : t.removeFailed;
        showToast(text, { severity: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  const onResend = async (user: ClientUser) => {
    try {
      await resendWelcomeMail(client.id, user.id);
      showToast(t.welcomeSent(user.display_name), { severity: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 403)) showToast(t.welcomeFailed, { severity: 'error' });
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t.title}
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.client_user_add.build({ client_id: client.id })}>
          {t.add}
        </Button>
      </Box>
      {users.length === 0 ? (
        <Typography color="text.secondary">{t.empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t.tableLabel} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t.name}</TableCell>
                <TableCell>{t.email}</TableCell>
                <TableCell>{t.rolesColumn}</TableCell>
                <TableCell align="right">{t.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>{user.display_name}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{user.roles.map(roleLabel).join(', ')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t.edit(user.display_name)}>
                      <IconButton
                        aria-label={t.edit(user.display_name)}
                        component={RouterLink}
                        to={paths.client_user_edit.build({ client_id: client.id, user_id: user.id })}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t.resend(user.display_name)}>
                      <IconButton aria-label={t.resend(user.display_name)} onClick={() => void onResend(user)}>
                        <MailIcon />
                      </IconButton>
                    </Tooltip>
                    {mayRemove && (
                      <Tooltip title={t.remove(user.display_name)}>
                        <span>
                          <IconButton aria-label={t.remove(user.display_name)} color="error" disabled={busy} onClick={() => setRemoving(user)}>
                            <DeleteIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.confirmTitle}
        text={removing ? t.confirmText(removing.display_name) : ''}
        confirmLabel={t.confirm}
        onConfirm={() => removing && void onRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
