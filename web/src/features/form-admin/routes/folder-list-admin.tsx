import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/Folder';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLoaderData, useRevalidator } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { deleteFolder, renameFolder, setFolderHidden, type AdminFolder } from '../api';
import { NameField, useNameState } from '../components/name-field';
import { flattenFolders, visibleFolders } from '../folders';
import { can, PERMISSION, showsHideColumn } from '../rights';
import { reportFailure, useAdminSession } from '../session';

const t = nl.formAdmin.folderList;

export { manageableFolderTree as folderListAdminLoader } from '../folder-loader';

/** Spec 001 screen 4: the folder tree with rename, hide/show and delete per folder. */
export function FolderListAdminRoute() {
  const tree = useLoaderData<AdminFolder[]>();
  const revalidator = useRevalidator();
  const { clientId, rights } = useAdminSession();
  const canSeeHidden = can(rights, PERMISSION.viewHiddenFolders);
  const hideColumn = showsHideColumn(rights);
  // Spec 001 screen 4: admin actions on hidden folders are for client managers (and admins).
  const actsOnHidden = hideColumn;
  const rows = useMemo(() => flattenFolders(visibleFolders(tree, canSeeHidden)), [tree, canSeeHidden]);
  const [renaming, setRenaming] = useState<AdminFolder | null>(null);
  const [deleting, setDeleting] = useState<AdminFolder | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => void revalidator.revalidate();

  const toggleHidden = async (folder: AdminFolder) => {
    const hidden = !folder.folder_hidden;
    setBusy(true);
    try {
      await setFolderHidden(folder.folder_id, hidden);
      showToast(hidden ? t.hidden(folder.folder_name) : t.shown(folder.folder_name), { severity: 'success' });
      reload();
    } catch (error) {
      reportFailure(error, t.hideFailed);
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting || !clientId) return;
    const folder = deleting;
    setBusy(true);
    try {
      await deleteFolder(clientId, folder.folder_id);
      showToast(t.deleted(folder.folder_name), { severity: 'success' });
      setDeleting(null);
      reload();
    } catch (error) {
      // Spec 001 section 8: the server's text (e.g. the folder still holds forms) when it gives one.
      reportFailure(error, t.deleteFailed, { useServerMessage: true });
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminPage
      title={t.title}
      maxWidth={950}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.folder_create.build()}>
          {t.add}
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Typography>{t.empty}</Typography>
      ) : (
        <Paper variant="outlined">
          {/* On a narrow phone the table scrolls in its box, not the page. */}
          <TableContainer>
            <Table size="small" aria-label={t.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.columnName}</TableCell>
                  {hideColumn && <TableCell align="center">{t.columnHidden}</TableCell>}
                  <TableCell align="right">{t.columnActions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ folder, depth }) => {
                  const actions = !folder.folder_hidden || actsOnHidden;
                  return (
                    <TableRow key={folder.folder_id} hover>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: depth * 3 }}>
                          <FolderIcon color={folder.folder_hidden ? 'disabled' : 'primary'} fontSize="small" />
                          <span>{folder.folder_name}</span>
                          {folder.folder_hidden && <Chip size="small" label={t.hiddenChip} />}
                        </Box>
                      </TableCell>
                      {hideColumn && (
                        <TableCell align="center">
                          {canSeeHidden && (
                            <IconButton
                              aria-label={folder.folder_hidden ? t.show(folder.folder_name) : t.hide(folder.folder_name)}
                              disabled={busy}
                              onClick={() => void toggleHidden(folder)}
                            >
                              {folder.folder_hidden ? <VisibilityOffIcon /> : <VisibilityIcon />}
                            </IconButton>
                          )}
                        </TableCell>
                      )}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {actions && (
                          <>
                            <IconButton aria-label={t.rename(folder.folder_name)} disabled={busy} onClick={() => setRenaming(folder)}>
                              <EditOutlinedIcon />
                            </IconButton>
                            <IconButton aria-label={t.remove(folder.folder_name)} disabled={busy} onClick={() => setDeleting(folder)}>
                              <DeleteOutlineIcon />
                            </IconButton>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {renaming && <RenameDialog folder={renaming} onClose={() => setRenaming(null)} onRenamed={reload} />}
      <DeleteDialog folder={deleting} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </AdminPage>
  );
}

function DeleteDialog({ folder, busy, onCancel, onConfirm }: { folder: AdminFolder | null; busy: boolean; onCancel(): void; onConfirm(): void }) {
  const titleId = useId();
  return (
    <Dialog open={folder !== null} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{folder ? t.deleteConfirm(folder.folder_name) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{nl.formAdmin.cancel}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {t.deleteButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RenameDialog({ folder, onClose, onRenamed }: { folder: AdminFolder; onClose(): void; onRenamed(): void }) {
  const titleId = useId();
  const name = useNameState(folder.folder_name);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const folder_name = name.value.trim();
    if (!folder_name) {
      name.setError(nl.formAdmin.folderCreate.nameRequired);
      return;
    }
    setBusy(true);
    try {
      await renameFolder(folder.folder_id, folder_name);
      showToast(t.renamed(folder_name), { severity: 'success' });
      onClose();
      onRenamed();
    } catch (error) {
      reportFailure(error, t.renameFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{t.renameTitle}</DialogTitle>
        <DialogContent>
          <NameField autoFocus margin="dense" label={nl.formAdmin.folderCreate.name} name={name} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{nl.formAdmin.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {nl.formAdmin.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
