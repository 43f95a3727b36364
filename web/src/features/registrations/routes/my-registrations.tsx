import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DutchPagination } from '@/components/dutch-pagination';
import { pageColumn } from '@/components/page-column';
import { PageLoading } from '@/components/page-loading';
import { SafeHtml } from '@/components/safe-html';
import { ApiError } from '@/lib/api';
import type { Registration } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl';
import { RegistrationDialog } from '../components/registration-dialog';
import { useMyRegistrations } from '../use-my-registrations';

/** Spec 000 section 9: page sizes 10, 25, 50, 100 and all (-1); all by default. */
const PAGE_SIZES = [10, 25, 50, 100, -1];

/** Spec 000 screen 10. */
export function MyRegistrationsRoute() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(-1);
  const [open, setOpen] = useState<Registration | null>(null);
  const state = useMyRegistrations(page, size);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 3 }}>
      <Typography variant="h4" component="h1">
        {nl.myRegistrations.title}
      </Typography>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'failed' && (
        <Alert severity="error">{state.error instanceof ApiError ? state.error.message : nl.errors.unexpected}</Alert>
      )}
      {state.status === 'ready' && state.total === 0 && <Typography>{nl.myRegistrations.empty}</Typography>}
      {state.status === 'ready' && state.total > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={nl.myRegistrations.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{nl.registrations.form}</TableCell>
                  <TableCell>{nl.registrations.summary}</TableCell>
                  <TableCell>{nl.registrations.date}</TableCell>
                  <TableCell>{nl.registrations.serial}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {state.rows.map((registration) => (
                  // The whole row opens the detail for pointer users; the serial number is its
                  // keyboard and screen-reader control.
                  <TableRow key={registration._id} hover onClick={() => setOpen(registration)} sx={{ cursor: 'pointer' }}>
                    <TableCell>{registration.form_name}</TableCell>
                    <TableCell>
                      <SafeHtml html={registration.form_summary} sx={{ '& p': { m: 0 } }} />
                      {registration.registration_status === 'hold' && (
                        <Chip size="small" color="warning" label={nl.myRegistrations.hold} sx={{ mt: 0.5 }} />
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(registration.registration_date)}</TableCell>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        aria-label={nl.myRegistrations.open(registration.registration_serial_number)}
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpen(registration);
                        }}
                      >
                        {registration.registration_serial_number}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <DutchPagination
            component="div"
            count={state.total}
            page={page}
            rowsPerPage={size}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
      {open && <RegistrationDialog registration={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
