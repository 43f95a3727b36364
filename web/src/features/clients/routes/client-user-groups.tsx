import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
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
import { DutchPagination } from '@/components/dutch-pagination';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { deleteGroup, loadClientGroups, type GroupResource } from '../api';
import { useClientShell } from '../client-context';
import { can, CLIENT_PERMISSION } from '../policy';

const t = nl.clients.groups;

/** Spec 002 section 9: group list sizes 10, 25, 50, 100 and all (-1). */
export const GROUP_PAGE_SIZES = [10, 25, 50, 100, -1] as const;

/** `GET jsonapi/user_group/user_group?filter[client.id]=…`; the shell has checked 'view user group'. */
export async function clientUserGroupsLoader({ params, request }: LoaderFunctionArgs): Promise<GroupResource[]> {
  return loadClientGroups(params.client_id ?? '', request.signal);
}

/**
 * Spec 002 screen 13: the client's groups, paged here (the server answers them all). Adding,
 * changing and deleting (after confirmation) are for 'create user group', as on the server;
 * with 'view user group' alone each group opens read-only.
 */
export function ClientUserGroupsRoute() {
  const groups = useLoaderData<GroupResource[]>();
  const { client, rights } = useClientShell();
  const manage = can(rights, CLIENT_PERMISSION.createGroup);
  const revalidator = useRevalidator();
  const [pageSize, setPageSize] = useState<number>(GROUP_PAGE_SIZES[0]);
  const [page, setPage] = useState(0);
  const [removing, setRemoving] = useState<GroupResource | null>(null);
  const [busy, setBusy] = useState(false);

  // A removal may leave the page empty: the last page that has rows.
  const lastPage = pageSize < 0 ? 0 : Math.max(0, Math.ceil(groups.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = pageSize < 0 ? groups : groups.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  const onRemove = async (group: GroupResource) => {
    setRemoving(null);
    setBusy(true);
    try {
      await deleteGroup(group.id);
      showToast(t.removed, { severity: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 403)) showToast(t.removeFailed, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t.title}
        </Typography>
        {manage && (
          <Button variant="contained" component={RouterLink} to={paths.client_user_group_add.build({ client_id: client.id })}>
            {t.add}
          </Button>
        )}
      </Box>
      {groups.length === 0 ? (
        <Typography color="text.secondary">{t.empty}</Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={t.tableLabel} size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t.name}</TableCell>
                  <TableCell align="right">{t.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((group) => (
                  <TableRow key={group.id}>
                    <TableCell>{group.attributes.label}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={manage ? t.edit(group.attributes.label) : t.view(group.attributes.label)}>
                        <IconButton
                          aria-label={manage ? t.edit(group.attributes.label) : t.view(group.attributes.label)}
                          component={RouterLink}
                          to={paths.client_user_group_edit.build({ client_id: client.id, group_id: group.id })}
                        >
                          {manage ? <EditIcon /> : <VisibilityIcon />}
                        </IconButton>
                      </Tooltip>
                      {manage && (
                        <Tooltip title={t.remove(group.attributes.label)}>
                          <span>
                            <IconButton aria-label={t.remove(group.attributes.label)} color="error" disabled={busy} onClick={() => setRemoving(group)}>
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
          <DutchPagination
            component="div"
            count={groups.length}
            page={shownPage}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...GROUP_PAGE_SIZES]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.confirmTitle}
        text={removing ? t.confirmText(removing.attributes.label) : ''}
        confirmLabel={t.confirm}
        onConfirm={() => removing && void onRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
