import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useEffect, useId, useRef, useState } from 'react';
import { nl } from '@/messages/nl-admin';
import { needsValue, operatorsFor, type Column, type Filter } from '../review-query';

/** Spec 001 section 9: filters apply 500 ms after the last change. */
export const FILTER_DEBOUNCE_MS = 500;

interface FilterBarProps {
  columns: readonly Column[];
  filters: readonly Filter[];
  onChange(filters: Filter[]): void;
}

function operatorLabel(column: Column | undefined, operator: string): string {
  const labels = column?.kind === 'date' ? nl.review.dateOperators : nl.review.operators;
  return labels[operator] ?? operator;
}

/**
 * The filters of the registrations list: per filter a field, a condition and a value. Edits are
 * applied 500 ms after the last one, so typing does not ask the server for every key.
 */
export function FilterBar({ columns, filters, onChange }: FilterBarProps) {
  const [draft, setDraft] = useState<Filter[]>(() => [...filters]);
  const idPrefix = useId();
  const latest = useRef(onChange);
  latest.current = onChange;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(draft), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const update = (index: number, change: Partial<Filter>) =>
    setDraft((list) => list.map((filter, i) => (i === index ? { ...filter, ...change } : filter)));

  const add = () => {
    const column = columns[0];
    if (!column) return;
    setDraft((list) => [...list, { path: column.path, operator: operatorsFor(column.kind)[0] ?? '=', value: '' }]);
  };

  return (
    <Box component="section" aria-label={nl.review.filters}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {nl.review.filters}
      </Typography>
      <Stack spacing={1.5}>
        {draft.map((filter, index) => {
          const column = columns.find((c) => c.path === filter.path);
          const operators = operatorsFor(column?.kind ?? 'text');
          const id = `${idPrefix}-${index}`;
          return (
            <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }} data-testid="review-filter">
              <TextField
                id={`${id}-field`}
                select
                size="small"
                label={nl.review.filterField}
                value={filter.path}
                onChange={(event) => {
                  const next = columns.find((c) => c.path === event.target.value);
                  const kept = next && operatorsFor(next.kind).includes(filter.operator) ? filter.operator : (operatorsFor(next?.kind ?? 'text')[0] ?? '=');
                  update(index, { path: event.target.value, operator: kept, value: '' });
                }}
                sx={{ minWidth: 220 }}
              >
                {columns.map((c) => (
                  <MenuItem key={c.path} value={c.path}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id={`${id}-operator`}
                select
                size="small"
                label={nl.review.filterOperator}
                value={filter.operator}
                onChange={(event) => update(index, { operator: event.target.value })}
                sx={{ minWidth: 200 }}
              >
                {operators.map((operator) => (
                  <MenuItem key={operator} value={operator}>
                    {operatorLabel(column, operator)}
                  </MenuItem>
                ))}
              </TextField>
              {needsValue(filter.operator) && <ValueField id={`${id}-value`} column={column} value={filter.value} onChange={(value) => update(index, { value })} />}
              <IconButton aria-label={nl.review.removeFilter} onClick={() => setDraft((list) => list.filter((_, i) => i !== index))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        <Box>
          <Button startIcon={<AddIcon />} onClick={add}>
            {nl.review.addFilter}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The value of a filter as its column is entered: a date, a number, an option or text. */
function ValueField({ id, column, value, onChange }: { id: string; column: Column | undefined; value: string; onChange(value: string): void }) {
  const options = column?.kind === 'choice' ? (column.element?.options ?? []) : [];
  if (options.length > 0) {
    return (
      <TextField id={id} select size="small" label={nl.review.filterValue} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 200 }}>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      id={id}
      size="small"
      label={nl.review.filterValue}
      type={column?.kind === 'date' ? 'date' : 'text'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: column?.kind === 'date' ? true : undefined }, htmlInput: { inputMode: column?.kind === 'number' ? 'decimal' : undefined } }}
      sx={{ minWidth: 200 }}
    />
  );
}
