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
import { Link as RouterLink, useLoaderData, useNavigate } from 'react-router';
import { pageColumn } from '@/components/page-column';
import { SafeHtml } from '@/components/safe-html';
import { paths } from '@/config/paths';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl';
import { loadAssignedRegistrations, type AssignedRow } from '../api';

export function assignedRegistrationListLoader(): Promise<AssignedRow[]> {
  return loadAssignedRegistrations();
}

function openPath(row: AssignedRow): string {
  return paths.form_fill_workflow.build({ form_id: row.form_id, registration_id: row._id });
}

/**
 * Spec 000 screen 9: the workflow registrations waiting for the user (in every client), with
 * form name, phase, summary and last change; a row opens it in its current phase.
 */
export function AssignedRegistrationListRoute() {
  const rows = useLoaderData<AssignedRow[]>();
  const navigate = useNavigate();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 3 }}>
      <Typography variant="h4" component="h1">
        {nl.workflow.listTitle}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{nl.workflow.empty}</Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={nl.workflow.listTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{nl.workflow.columnForm}</TableCell>
                  <TableCell>{nl.workflow.columnPhase}</TableCell>
                  <TableCell>{nl.workflow.columnSummary}</TableCell>
                  <TableCell>{nl.workflow.columnLastChange}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={row._id}
                    hover
                    onClick={() => void navigate(openPath(row))}
                    sx={{ cursor: 'pointer' }}
                    data-testid="assigned-registration-row"
                  >
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={openPath(row)}
                        aria-label={nl.workflow.open(row.form_name, row.registration_serial_number)}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {row.form_name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {nl.workflow.phase(row.registration_phase)}
                      {!row.assigned_to_me && <Chip size="small" label={nl.workflow.forAnyone} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>
                      <SafeHtml html={row.form_summary} sx={{ '& p': { m: 0 } }} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(row.registration_updated_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
