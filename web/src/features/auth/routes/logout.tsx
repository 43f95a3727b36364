import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth/auth-service';
import { syncBeforeLogout } from '@/lib/offline/logout';
import { nl } from '@/messages/nl';

/** Navigation state of a logout the app forces (401, no clients): no question asked. */
export interface LogoutState {
  forced?: boolean;
}

/**
 * Revokes the session and returns to login (spec 000 section 2, screen 4; decision 012). A user
 * who chose to log out gets a last sync first; if registrations still exist only on this device
 * (offline, or a conflict to resolve), the screen says so and asks before signing out. Forced
 * logouts (401, no clients) cannot sync and do not ask; unsynced registrations stay either way.
 */
export function LogoutRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const forced = (location.state as LogoutState | null)?.forced === true;
  const titleId = useId();
  const [phase, setPhase] = useState<{ kind: 'checking' } | { kind: 'confirm'; count: number } | { kind: 'leaving' }>(
    forced ? { kind: 'leaving' } : { kind: 'checking' },
  );

  useEffect(() => {
    if (phase.kind !== 'checking') return;
    let active = true;
    // A broken device store must not trap the user here: the copies in it stay untouched anyway.
    void syncBeforeLogout()
      .catch(() => 0)
      .then((count) => {
        if (active) setPhase(count > 0 ? { kind: 'confirm', count } : { kind: 'leaving' });
      });
    return () => {
      active = false;
    };
  }, [phase.kind]);

  // Run again on each arrival here (location.key): a forced logout that comes while the screen is
  // already leaving replaces the navigation to login, and would otherwise leave the user here.
  useEffect(() => {
    if (phase.kind !== 'leaving') return;
    let active = true;
    // logout() is shared while in flight, so StrictMode's double effect makes one server call.
    void logout().then(() => {
      if (active) navigate(paths.login.build(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [phase.kind, navigate, location.key]);

  const stay = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.unsend_registration_list.build(), { replace: true });
  };

  return (
    <>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4 }}>
        <CircularProgress size={24} />
        <Typography>{nl.auth.loggingOut}</Typography>
      </Box>
      <Dialog open={phase.kind === 'confirm'} onClose={stay} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{nl.offline.logoutTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{phase.kind === 'confirm' ? nl.offline.logoutConfirm(phase.count) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={stay} autoFocus>
            {nl.offline.logoutStay}
          </Button>
          <Button color="error" onClick={() => setPhase({ kind: 'leaving' })}>
            {nl.offline.logoutGo}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
