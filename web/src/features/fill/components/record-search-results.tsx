import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DutchPagination } from '@/components/dutch-pagination';
import { SafeHtml } from '@/components/safe-html';
import type { SearchableField, SearchHit } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl';

/** Spec 000 section 9: record search shows 10 rows a page. */
const PAGE_SIZE = 10;

interface RecordSearchResultsProps {
  /** Every hit, newest first. */
  registrations: SearchHit[];
  fields: SearchableField[];
  page: number;
  onPageChange(page: number): void;
}

/**
 * The hits of a record search, a page at a time. A module of its own: the table and paging load
 * with the first search, not with every form that offers one (decision 025).
 */
export function RecordSearchResults({ registrations, fields, page, onPageChange }: RecordSearchResultsProps) {
  const rows = registrations.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <>
      <TableContainer sx={{ mt: 2 }}>
        <Table size="small" aria-label={nl.search.results}>
          <TableHead>
            <TableRow>
              <TableCell>{nl.registrations.serial}</TableCell>
              <TableCell>{nl.registrations.date}</TableCell>
              <TableCell>{nl.registrations.summary}</TableCell>
              {fields.map((column) => (
                <TableCell key={column.value}>{column.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((hit) => (
              <TableRow key={hit._id}>
                <TableCell>{hit.registration_serial_number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(hit.registration_date)}</TableCell>
                <TableCell>
                  <SafeHtml html={hit.form_summary} sx={{ '& p': { m: 0 } }} />
                </TableCell>
                {fields.map((column) => (
                  <TableCell key={column.value}>{hit.fields[column.value] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <DutchPagination
        component="div"
        count={registrations.length}
        page={page}
        onPageChange={(_, next) => onPageChange(next)}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
      />
    </>
  );
}
