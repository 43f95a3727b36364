import Dialog, { type DialogProps } from '@mui/material/Dialog';

/**
 * A dialog of a fixed width from the spec (form 950, subform 800, success 400), never wider than
 * the screen. The caller gives the dialog its accessible name through aria-labelledby.
 */
export function SizedDialog({ width, slotProps, ...props }: DialogProps & { width: number }) {
  return (
    <Dialog
      maxWidth={false}
      {...props}
      slotProps={{ ...slotProps, paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    />
  );
}
