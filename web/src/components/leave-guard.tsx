import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router';
import { nl } from '@/messages/nl';

/**
 * Asks before leaving a form with changes (spec 000 screen 7; spec 002 section 5 for the
 * editors of clients and forms): in-app navigation through the router's blocker with our
 * dialog, closing or reloading the tab through the browser's own. Shared by the fill-in, the
 * form builder and the client edit, so it lives here rather than in one of those features.
 */
export function LeaveGuard({ active }: { active: boolean }) {
  const titleId = useId();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} onClose={() => blocker.reset?.()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{nl.fill.leaveTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{nl.fill.leaveConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {nl.fill.leaveStay}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {nl.fill.leaveGo}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
