import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { nl } from '@/messages/nl';
import { statusColor, statusLabel, type FeatureStyle } from './map-features';
import { toggleStatus } from './status-filter';

export function StatusDot({ color }: { color: string }) {
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: color, mr: 1, flexShrink: 0 }} />;
}

interface StatusFilterFieldProps {
  /** Status keys to offer (statusOptions). */
  options: readonly string[];
  /** Shown statuses; null for all. */
  shown: readonly string[] | null;
  onChange(shown: string[] | null): void;
  styles: readonly FeatureStyle[];
}

/** 'Filter op status' (spec 000 screen 12): a box per status, in the status's map colour. */
export function StatusFilterField({ options, shown, onChange, styles }: StatusFilterFieldProps) {
  if (options.length === 0) return null;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{nl.maps.statusFilter}</FormLabel>
      <FormGroup row>
        {options.map((status) => (
          <FormControlLabel
            key={status}
            control={<Checkbox checked={shown === null || shown.includes(status)} onChange={() => onChange(toggleStatus(shown, status, options))} />}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                <StatusDot color={statusColor(status, styles)} />
                {statusLabel(status)}
              </Box>
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
