import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { displayValue } from '@/lib/form-logic';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl-admin';
import type { RegistrationRow } from '../api';
import type { Column } from '../review-query';

interface RegistrationsTableProps {
  columns: readonly Column[];
  rows: readonly RegistrationRow[];
  sortBy: string;
  sortDirection: -1 | 1;
  onSort(path: string): void;
  onOpen(row: RegistrationRow): void;
  /** The trash shows when each went in. */
  trash: boolean;
}

function entries(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];
}

/** A cell as the column reads it. */
function cellText(column: Column, row: RegistrationRow): string {
  switch (column.path) {
    case 'registration_serial_number':
      return String(row.registration_serial_number);
    case 'registration_date':
      return formatTimestamp(row.registration_date);
    case 'registration_user_id.username':
      return row.registration_user_id.username ?? '';
    case 'registration_phase':
      return row.registration_phase ?? '';
  }
  const element = column.element;
  if (!element) return '';
  if (column.subform) {
    return entries(row.values[column.subform])
      .map((entry) => displayValue(element, entry[element.name]))
      .filter((text) => text !== '')
      .join(', ');
  }
  return displayValue(element, row.values[element.name]);
}

/** Spec 001 screen 12: the registrations of one tab, a column per answer, sortable headings. */
export function RegistrationsTable({ columns, rows, sortBy, sortDirection, onSort, onOpen, trash }: RegistrationsTableProps) {
  const direction = sortDirection === 1 ? 'asc' : 'desc';
  return (
    <TableContainer>
      <Table size="small" aria-label={nl.review.title}>
        <TableHead>
          <TableRow>
            {trash && (
              <TableCell sortDirection={sortBy === 'deleted_at' ? direction : false}>
                <TableSortLabel active={sortBy === 'deleted_at'} direction={sortBy === 'deleted_at' ? direction : 'desc'} onClick={() => onSort('deleted_at')}>
                  {nl.review.columns.deletedAt}
                </TableSortLabel>
              </TableCell>
            )}
            {columns.map((column) => (
              <TableCell key={column.path} sortDirection={sortBy === column.path ? direction : false} sx={{ minWidth: 120 }}>
                {column.sortable ? (
                  <TableSortLabel
                    active={sortBy === column.path}
                    direction={sortBy === column.path ? direction : 'asc'}
                    onClick={() => onSort(column.path)}
                    aria-label={nl.review.sortBy(column.label)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row._id} hover onClick={() => onOpen(row)} sx={{ cursor: 'pointer' }} data-testid="review-row">
              {trash && <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.deleted_at ? formatTimestamp(row.deleted_at) : ''}</TableCell>}
              {columns.map((column) => (
                <TableCell key={column.path} sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                  {column.path === 'registration_serial_number' ? (
                    <Link
                      component="button"
                      type="button"
                      aria-label={nl.review.open(row.registration_serial_number)}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(row);
                      }}
                    >
                      {cellText(column, row)}
                    </Link>
                  ) : (
                    cellText(column, row)
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
