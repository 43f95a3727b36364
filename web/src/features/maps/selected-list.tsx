import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { rawText } from '@/lib/form-logic/values';
import { nl } from '@/messages/nl';
import { dataColumns, statusColor, statusLabel, type FeatureStyle } from './map-features';
import type { SelectedItem } from './selection';
import { StatusDot } from './status-filter-field';

interface SelectedListProps {
  selected: readonly SelectedItem[];
  max: number;
  styles: readonly FeatureStyle[];
  /** Spec 001 section 3: the items' data columns as extra columns. */
  showDataColumns: boolean;
  onDeselect(item: SelectedItem): void;
}

/**
 * The selected items under a map (spec 000 screen 12 and section 5), each with 'Deselecteren':
 * plain HTML, so keyboard and screen reader users can review and undo a selection without the
 * map canvas.
 */
export function SelectedList({ selected, max, styles, showDataColumns, onDeselect }: SelectedListProps) {
  const columns = showDataColumns ? dataColumns(selected) : [];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" role="status">
        {nl.maps.selectedCount(selected.length, max)}
      </Typography>
      {selected.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {nl.maps.noneSelected}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={nl.maps.selectedTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{nl.maps.columnName}</TableCell>
                <TableCell>{nl.maps.columnStatus}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {selected.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{item.name}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                      <StatusDot color={statusColor(item.status, styles)} />
                      {statusLabel(item.status)}
                    </Box>
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column}>{rawText(item.data[column])}</TableCell>
                  ))}
                  <TableCell align="right">
                    <Button size="small" aria-label={nl.maps.deselectItem(item.name)} onClick={() => onDeselect(item)}>
                      {nl.maps.deselect}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
