import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl-admin';

export interface ClientRow {
  id: string;
  name: string;
  /** Null when they could not be read. */
  credits: number | null;
}

const t = nl.clients;

/**
 * The client lists' table (spec 002 screens 1 and 2): name and credits; a row opens the client's
 * overview. The name is a link as well, for the keyboard and screen readers.
 */
export function ClientTable({ rows }: { rows: readonly ClientRow[] }) {
  const navigate = useNavigate();
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label={t.tableLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{t.name}</TableCell>
              <TableCell align="right">{t.credits}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const to = paths.client_view.build({ client_id: row.id });
              return (
                <TableRow key={row.id} hover onClick={() => void navigate(to)} sx={{ cursor: 'pointer' }} data-testid="client-row">
                  <TableCell>
                    <Link component={RouterLink} to={to} aria-label={t.open(row.name)} onClick={(event) => event.stopPropagation()}>
                      {row.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{row.credits ?? t.creditsUnknown}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
