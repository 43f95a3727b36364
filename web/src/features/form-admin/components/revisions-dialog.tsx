import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { DutchPagination } from '@/components/dutch-pagination';
import { SizedDialog } from '@/components/sized-dialog';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { loadRevisions, restoreRevision, type Revision } from '../api';
import { formatMs } from '../format';
import { reportFailure } from '../session';

const t = nl.formAdmin.revisions;

/** Spec 001 section 9: 10 per page, newest first; the page reloads 3 s after a restore. */
export const REVISIONS_PER_PAGE = 10;
export const RESTORE_RELOAD_MS = 3000;

/** Newest first, whatever order the server used. */
export function newestFirst(revisions: readonly Revision[]): Revision[] {
  return [...revisions].sort((a, b) => b.updated_at - a.updated_at);
}

interface RevisionsDialogProps {
  formId: string;
  open: boolean;
  canRestore: boolean;
  onClose(): void;
  /** Called after a restore, instead of a real reload in tests. */
  reload?: () => void;
}

export function RevisionsDialog({ formId, open, canRestore, onClose, reload = () => window.location.reload() }: RevisionsDialogProps) {
  const titleId = useId();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [page, setPage] = useState(0);
  const [restoring, setRestoring] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving the form before the reload cancels it.
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setRevisions(null);
    setPage(0);
    loadRevisions(formId).then(
      (list) => current && setRevisions(newestFirst(list)),
      (error: unknown) => {
        console.warn('revisions could not be loaded', error);
        if (current) setRevisions([]);
      },
    );
    return () => {
      current = false;
    };
  }, [formId, open]);

  const restore = async (revision: Revision) => {
    setRestoring(true);
    try {
      await restoreRevision(formId, revision.revision_id);
      showToast(t.restored, { severity: 'success' });
      reloadTimer.current = setTimeout(reload, RESTORE_RELOAD_MS);
    } catch (error) {
      reportFailure(error, t.restoreFailed);
      setRestoring(false);
    }
  };

  const shown = (revisions ?? []).slice(page * REVISIONS_PER_PAGE, (page + 1) * REVISIONS_PER_PAGE);

  return (
    <SizedDialog width={800} open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent dividers>
        {revisions === null ? (
          <Typography role="status">{nl.formAdmin.loading}</Typography>
        ) : revisions.length === 0 ? (
          <Typography>{t.empty}</Typography>
        ) : (
          <>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t.date}</TableCell>
                  <TableCell>{t.user}</TableCell>
                  {canRestore && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((revision) => (
                  <TableRow key={revision.revision_id}>
                    <TableCell>{formatMs(revision.updated_at)}</TableCell>
                    <TableCell>{revision.user?.username ?? t.unknownUser}</TableCell>
                    {canRestore && (
                      <TableCell align="right">
                        <Button
                          size="small"
                          disabled={restoring}
                          aria-label={t.restoreLabel(formatMs(revision.updated_at))}
                          onClick={() => void restore(revision)}
                        >
                          {t.restore}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <DutchPagination
              component="div"
              count={revisions.length}
              page={page}
              rowsPerPage={REVISIONS_PER_PAGE}
              rowsPerPageOptions={[REVISIONS_PER_PAGE]}
              onPageChange={(_, next) => setPage(next)}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{nl.formAdmin.close}</Button>
      </DialogActions>
    </SizedDialog>
  );
}
