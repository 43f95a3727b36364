import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth/auth-service';
import { nl } from '@/messages/nl';

/** Revokes the session and returns to login (spec 000 section 2, screen 4). */
export function LogoutRoute() {
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    // logout() is shared while in flight, so StrictMode's double effect makes one server call.
    void logout().then(() => {
      if (active) navigate(paths.login.build(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4 }}>
      <CircularProgress size={24} />
      <Typography>{nl.auth.loggingOut}</Typography>
    </Box>
  );
}
