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
  /** The locked element's Dutch type name and the module that unlocks it; null when closed. */
  locked: { typeName: string; module: string } | null;
  clientId: string | null;
  onClose(): void;
}

/** The paid-feature wall (spec 002 section 2): 'Koop nu' goes to buying the module. */
export function PremiumWallDialog({ locked, clientId, onClose }: PremiumWallDialogProps) {
  const titleId = useId();
  const t = nl.formEditor;
  return (
    <Dialog open={locked !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.premiumTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{locked ? t.premiumText(locked.typeName) : ''}</DialogContentText>
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
