import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useEffect, useState } from 'react';
import { pageColumn } from '@/components/page-column';
import { PageLoading } from '@/components/page-loading';
import { formatTimestamp } from '@/lib/format';
import type { SavedRegistration } from '@/lib/offline/db';
import { watchAllSavedRegistrations } from '@/lib/offline/device-store-debug';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { copyText, downloadJson, exportFileName, selectionToJson } from '../export-json';

const FILE_PREFIX = 'eform-opgeslagen-registraties';

function stateChips(entry: SavedRegistration) {
  const t = nl.debug;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" color={entry.unsynced ? 'warning' : 'success'} label={entry.unsynced ? t.stateUnsynced : t.stateSynced} />
      {entry.conflict && <Chip size="small" color="error" label={t.stateConflict} />}
      {entry.registration_saved_deleted_at && <Chip size="small" label={t.stateDeleted} />}
    </Stack>
  );
}

/**
 * Spec 000 section 2, debug route: every registration in this device's store (all clients,
 * synced or not), to select and take off the device as JSON when syncing does not work.
 */
export function UnsavedRegistrationsDebugRoute() {
  const [rows, setRows] = useState<SavedRegistration[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  useEffect(
    () =>
      watchAllSavedRegistrations(setRows, (error) => {
        console.error('reading the device store failed', error);
        setFailed(true);
      }),
    [],
  );

  // Entries that vanished (sent, purged) leave the selection; otherwise the counts would lie.
  const present = rows?.filter((row) => selected.has(row.fill_token)) ?? [];
  const allSelected = rows !== null && rows.length > 0 && present.length === rows.length;
  const someSelected = present.length > 0 && !allSelected;

  const toggle = (token: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(token)) next.delete(token);
      else next.add(token);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows?.map((row) => row.fill_token)));

  const selectionJson = () => selectionToJson(rows ?? [], (row) => selected.has(row.fill_token));

  const download = () => {
    try {
      downloadJson(selectionJson(), exportFileName(FILE_PREFIX, new Date()));
    } catch (error) {
      console.error('download failed', error);
      showToast(nl.debug.downloadFailed, { severity: 'error' });
    }
  };

  const copy = async () => {
    const copied = await copyText(selectionJson());
    showToast(copied ? nl.clipboard.copiedToClipboard : nl.clipboard.copyFailed, { severity: copied ? 'success' : 'error' });
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 2 }}>
      <Typography variant="h4" component="h1">
        {nl.debug.unsavedTitle}
      </Typography>
      <Typography color="text.secondary">{nl.debug.unsavedIntro}</Typography>
      {failed && <Typography color="error">{nl.debug.loadFailed}</Typography>}
      {rows === null && !failed && <PageLoading />}
      {rows !== null && rows.length === 0 && <Typography>{nl.debug.unsavedEmpty}</Typography>}
      {rows !== null && rows.length > 0 && (
        <>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Checkbox checked={allSelected} indeterminate={someSelected} onChange={toggleAll} />}
              label={nl.debug.selectAll}
            />
            <Typography variant="body2" color="text.secondary" role="status">
              {nl.debug.selectedCount(present.length, rows.length)}
            </Typography>
            <Button variant="contained" startIcon={<DownloadIcon />} disabled={present.length === 0} onClick={download}>
              {nl.debug.download}
            </Button>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={present.length === 0} onClick={() => void copy()}>
              {nl.debug.copy}
            </Button>
          </Stack>
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label={nl.debug.unsavedTitle}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>{nl.debug.columnForm}</TableCell>
                    <TableCell>{nl.debug.columnClient}</TableCell>
                    <TableCell>{nl.debug.columnFillToken}</TableCell>
                    <TableCell>{nl.debug.columnLastChange}</TableCell>
                    <TableCell>{nl.debug.columnState}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((entry) => (
                    <TableRow key={entry.fill_token} hover selected={selected.has(entry.fill_token)}>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(entry.fill_token)}
                          onChange={() => toggle(entry.fill_token)}
                          slotProps={{ input: { 'aria-label': nl.debug.selectRow(entry.form_name) } }}
                        />
                      </TableCell>
                      <TableCell>{entry.form_name}</TableCell>
                      <TableCell>{entry.client_id}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{entry.fill_token}</TableCell>
                      <TableCell>{formatTimestamp(new Date(entry.lastChange).toISOString())}</TableCell>
                      <TableCell>{stateChips(entry)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
    </Box>
  );
}
