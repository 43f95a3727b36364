import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { nl } from '@/messages/nl';

const ITEM_LABELS = {
  first: nl.registrations.firstPage,
  last: nl.registrations.lastPage,
  next: nl.registrations.nextPage,
  previous: nl.registrations.previousPage,
} as const;

/** MUI's table pagination with Dutch labels ('all' is the option -1). */
export function DutchPagination(props: Omit<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'>) {
  const options = (props.rowsPerPageOptions ?? []).map((option) =>
    option === -1 ? { value: -1, label: nl.registrations.all } : option,
  );
  return (
    <TablePagination
      {...props}
      rowsPerPageOptions={options}
      labelRowsPerPage={nl.registrations.rowsPerPage}
      labelDisplayedRows={nl.registrations.displayedRows}
      getItemAriaLabel={(type) => ITEM_LABELS[type]}
    />
  );
}
