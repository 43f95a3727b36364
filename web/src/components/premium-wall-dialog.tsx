import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl';

interface PremiumWallDialogProps {
  /** What is locked, in words, and the module that unlocks it; null when closed. */
  locked: { text: string; module: string } | null;
  clientId: string | null;
  onClose(): void;
}

/**
 * The paid-feature wall (spec 000 section 1, spec 002 section 6): a locked element of the form
 * builder or a locked kind of datasource. 'Koop nu' goes to buying the module, 'Misschien later'
 * closes.
 */
export function PremiumWallDialog({ locked, clientId, onClose }: PremiumWallDialogProps) {
  const titleId = useId();
  const textId = useId();
  const t = nl.premiumWall;
  return (
    <Dialog open={locked !== null} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{locked?.text ?? ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.maybeLater}</Button>
        {locked && clientId && (
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.client_modules_buy.build({ client_id: clientId }, { module: locked.module })}
          >
            {t.buyNow}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
