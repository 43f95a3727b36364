import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ENVIRONMENT_NAME } from '@/config/app';
import { useSession } from '@/lib/auth/session';
import { isAdmin, sessionRoles } from '@/lib/permissions/permissions';
import { nl } from '@/messages/nl';

/** Tells admins which environment they work in, so test data does not end up in production. */
export function EnvironmentBanner() {
  const state = useSession();
  if (state.status !== 'authenticated' || !isAdmin(sessionRoles(state))) return null;
  // The server knows where it is deployed; the build's own name is the fallback.
  const environment = state.session.user.environment ?? ENVIRONMENT_NAME;
  // Dark text: white on the light orange reads at 2.2:1, below WCAG's 4.5:1.
  return (
    <Box role="note" sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 2, py: 0.5, textAlign: 'center' }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {nl.shell.environment(environment)}
      </Typography>
    </Box>
  );
}
