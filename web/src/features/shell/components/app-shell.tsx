import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl';
import { EnvironmentBanner } from './environment-banner';
import { IosInstallPrompt } from './ios-install-prompt';
import { NAVIGATION_DRAWER_ID, NavigationDrawer } from './navigation-drawer';
import { NavigationProgress } from './navigation-progress';
import { OfflineBanner } from './offline-banner';
import { ServerNotification } from './server-notification';
import { UpdateSnackbar } from './update-snackbar';
import { useTapCounter } from '../use-tap-counter';

const MAIN_ID = 'main-content';

/** The app shell around every screen (spec 000 section 2, screen 1). */
export function AppShell({ children }: { children: ReactNode }) {
  const state = useSession();
  const session = state.status === 'authenticated' ? state.session : null;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Spec 000 section 2: a hidden way to the iOS debugging page, no menu entry.
  const onAvatarTap = useTapCounter(() => void navigate(paths.ios_debugging.build()));

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (t) => t.zIndex.tooltip,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper' },
        }}
      >
        {nl.shell.skipToContent}
      </Link>
      <NavigationProgress />
      {/* Above the permanent drawer on wide screens; the phone overlay drawer covers the bar. */}
      <AppBar position="fixed" sx={{ zIndex: (t) => (wide ? t.zIndex.drawer + 1 : t.zIndex.appBar) }}>
        <Toolbar>
          {session && !wide && (
            <IconButton
              edge="start"
              color="inherit"
              aria-label={nl.shell.openMenu}
              aria-controls={NAVIGATION_DRAWER_ID}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            variant="h6"
            component={RouterLink}
            to={paths.home.build()}
            sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}
          >
            {nl.app.name}
          </Typography>
          {session && (
            // Deliberately not a button: it does nothing visible until the tenth tap.
            <Avatar
              onClick={onAvatarTap}
              title={nl.shell.account(session.user.email)}
              role="img"
              aria-label={nl.shell.account(session.user.email)}
              data-testid="app-bar-avatar"
              sx={{ width: 32, height: 32, bgcolor: 'primary.dark', fontSize: 16, cursor: 'default', userSelect: 'none' }}
            >
              {session.user.email.charAt(0).toUpperCase()}
            </Avatar>
          )}
          {!session && pathname !== paths.login.path && (
            <Button color="inherit" component={RouterLink} to={paths.login.build()}>
              {nl.shell.login}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      {session && (
        <NavigationDrawer
          session={session}
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || menuOpen}
          onClose={() => setMenuOpen(false)}
        />
      )}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        <EnvironmentBanner />
        <OfflineBanner />
        <ServerNotification />
        {children}
      </Box>
      <UpdateSnackbar />
      <IosInstallPrompt />
    </Box>
  );
}
