import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { pageColumn } from '@/components/page-column';
import { PageLoading } from '@/components/page-loading';
import { SafeHtml } from '@/components/safe-html';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { formatTimestamp } from '@/lib/format';
import { deleteSavedRegistration, watchSavedRegistrations, type SavedRegistration } from '@/lib/offline/db';
import { keepLocalVersion, keepServerVersion, syncSavedRegistrations } from '@/lib/offline/sync';
import { nl } from '@/messages/nl';

function openPath(entry: SavedRegistration): string {
  return paths.form_fill.build({ form_id: entry.form_id, force_reload: entry.fill_token });
}

/** Spec 000 screen 8: the registrations saved on this device for the current client. */
export function UnsendRegistrationListRoute() {
  const session = useSession();
  const clientId = session.status === 'authenticated' ? (session.session.currentClientId ?? '') : '';
  const userId = session.status === 'authenticated' ? session.session.user.id : undefined;
  const navigate = useNavigate();
  const [rows, setRows] = useState<SavedRegistration[] | null>(null);
  const [deleting, setDeleting] = useState<SavedRegistration | null>(null);
  const [choosing, setChoosing] = useState<SavedRegistration | null>(null);
  const deleteTitleId = useId();
  const conflictTitleId = useId();

  useEffect(() => watchSavedRegistrations(clientId, userId, setRows), [clientId, userId]);

  const confirmDelete = async () => {
    const entry = deleting;
    setDeleting(null);
    if (!entry) return;
    await deleteSavedRegistration(entry.fill_token);
    void syncSavedRegistrations();
  };

  const choose = async (keep: 'local' | 'server') => {
    const entry = choosing;
    setChoosing(null);
    if (!entry) return;
    await (keep === 'local' ? keepLocalVersion(entry.fill_token) : keepServerVersion(entry.fill_token));
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 3 }}>
      <Typography variant="h4" component="h1">
        {nl.offline.listTitle}
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {nl.offline.filesNote}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {nl.offline.ageNote}
        </Typography>
      </Box>
      {rows === null && <PageLoading />}
      {rows !== null && rows.length === 0 && <Typography>{nl.offline.empty}</Typography>}
      {rows !== null && rows.length > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={nl.offline.listTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{nl.offline.columnForm}</TableCell>
                  <TableCell>{nl.offline.columnSummary}</TableCell>
                  <TableCell>{nl.offline.columnLastChange}</TableCell>
                  <TableCell>{nl.offline.columnActions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((entry) => {
                  const deleted = entry.registration_saved_deleted_at !== null;
                  const strike = deleted ? { textDecoration: 'line-through', color: 'text.disabled' } : undefined;
                  return (
                    <TableRow
                      key={entry.fill_token}
                      hover={!deleted}
                      onClick={deleted ? undefined : () => void navigate(openPath(entry))}
                      sx={{ cursor: deleted ? 'default' : 'pointer' }}
                      data-testid="saved-registration-row"
                    >
                      <TableCell sx={strike}>
                        {deleted ? (
                          entry.form_name
                        ) : (
                          <Link
                            component={RouterLink}
                            to={openPath(entry)}
                            aria-label={nl.offline.open(entry.form_name)}
                            onClick={(event) => event.stopPropagation()}
                          >
                            {entry.form_name}
                          </Link>
                        )}
                      </TableCell>
                      <TableCell sx={strike}>{entry.form_summary ? <SafeHtml html={entry.form_summary} /> : null}</TableCell>
                      <TableCell sx={strike}>{formatTimestamp(new Date(entry.lastChange).toISOString())}</TableCell>
                      <TableCell onClick={(event) => event.stopPropagation()}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          {deleted && <Chip size="small" label={nl.offline.deleted} />}
                          {entry.conflict && (
                            <>
                              <Chip size="small" color="warning" label={nl.offline.conflict} />
                              <Button size="small" onClick={() => setChoosing(entry)}>
                                {nl.offline.chooseVersion}
                              </Button>
                            </>
                          )}
                          {!deleted && (
                            <IconButton aria-label={nl.offline.delete} onClick={() => setDeleting(entry)}>
                              <DeleteIcon />
                            </IconButton>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby={deleteTitleId}>
        <DialogTitle id={deleteTitleId}>{nl.offline.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{nl.offline.deleteConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} autoFocus>
            {nl.offline.cancel}
          </Button>
          <Button color="error" onClick={() => void confirmDelete()}>
            {nl.offline.delete}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={choosing !== null} onClose={() => setChoosing(null)} aria-labelledby={conflictTitleId}>
        <DialogTitle id={conflictTitleId}>{nl.offline.conflictTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{nl.offline.conflictText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoosing(null)}>{nl.offline.cancel}</Button>
          <Button onClick={() => void choose('server')}>{nl.offline.keepServer}</Button>
          <Button variant="contained" onClick={() => void choose('local')}>
            {nl.offline.keepLocal}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
