import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { DIALOG_WIDTH } from '@/config/app';
import { nl } from '@/messages/nl';

/** 'Uw registratie is verstuurd.' with 'Gereed' and, where the form allows, 'Nogmaals invullen'. */
export function SuccessDialog({ open, onDone, onFillAgain }: { open: boolean; onDone(): void; onFillAgain?: () => void }) {
  const titleId = useId();
  return (
    <SizedDialog width={DIALOG_WIDTH.success} open={open} aria-labelledby={titleId} onClose={onDone}>
      <DialogTitle id={titleId}>{nl.fill.sentDialog}</DialogTitle>
      <DialogActions>
        {onFillAgain && <Button onClick={onFillAgain}>{nl.fill.fillAgain}</Button>}
        <Button variant="contained" onClick={onDone} autoFocus>
          {nl.fill.done}
        </Button>
      </DialogActions>
    </SizedDialog>
  );
}
