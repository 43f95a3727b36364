import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface SubmitFormProps {
  submitLabel: string;
  /** While true the submit button is off, so a slow save is not sent twice. */
  busy: boolean;
  /** Space between the fields, in theme units. */
  gap: number;
  onSubmit(): void | Promise<void>;
  children: ReactNode;
}

/**
 * A form admin form: the fields, then the submit button. The browser's own validation is off
 * (`noValidate`) because the page shows its Dutch messages under the fields.
 */
export function SubmitForm({ submitLabel, busy, gap, onSubmit, children }: SubmitFormProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      sx={{ display: 'grid', gap }}
    >
      {children}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
