import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface RowListProps<T> {
  /** Shown as the legend of the list; none for a list inside another list's row. */
  title?: string;
  /** Nested lists get a smaller legend. */
  nested?: boolean;
  items: readonly T[];
  onChange(items: T[]): void;
  /** A new row as the add button appends it. */
  newItem(): T;
  addLabel: string;
  /** Accessible name of the remove button of row `n` (1-based). */
  removeLabel(n: number): string;
  /** The row's fields; `update` merges a change into this row only, `replace` swaps the row. */
  renderRow(item: T, index: number, update: (patch: Partial<T>) => void, replace: (item: T) => void): ReactNode;
  /** A message about the list as a whole (e.g. 'add at least one'). */
  error?: string;
  /** Rows with fields side by side (default) or stacked (rows that hold lists themselves). */
  direction?: 'row' | 'column';
}

/**
 * The editable list of the element dialog: one row per item with a labelled remove button and an
 * add button below. Used for map layers, colour styles and feature actions.
 */
export function RowList<T extends object>({
  title,
  items,
  onChange,
  newItem,
  addLabel,
  removeLabel,
  renderRow,
  error,
  direction = 'row',
  nested = false,
}: RowListProps<T>) {
  const replace = (index: number) => (next: T) => onChange(items.map((item, i) => (i === index ? next : item)));
  const update = (index: number) => (patch: Partial<T>) => replace(index)({ ...items[index], ...patch } as T);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {title && (
        <Typography component="legend" variant={nested ? 'body2' : 'subtitle1'} sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      <Stack spacing={1}>
        {items.map((item, index) =>
          direction === 'row' ? (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              {renderRow(item, index, update(index), replace(index))}
              <IconButton aria-label={removeLabel(index + 1)} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ) : (
            <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
                  {renderRow(item, index, update(index), replace(index))}
                </Stack>
                <IconButton aria-label={removeLabel(index + 1)} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Box>
          ),
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Button sx={{ mt: 1 }} onClick={() => onChange([...items, newItem()])}>
        {addLabel}
      </Button>
    </Box>
  );
}
