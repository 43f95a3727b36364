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
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { currentIosPromptInput, shouldShowIosInstallPrompt } from '@/lib/pwa/ios-install';
import { useUpdateAvailable } from '@/lib/pwa/update';
import { nl } from '@/messages/nl';
import { EnvironmentBanner } from './environment-banner';
import { DRAWER_WIDTH, NAVIGATION_DRAWER_ID } from './drawer-layout';
import { NavigationProgress } from './navigation-progress';
import { OfflineBanner } from './offline-banner';
import { ServerNotification } from './server-notification';
import { useTapCounter } from '../use-tap-counter';

/*
 * The drawer and the shell's two notices load after the first screen (issue 17 item 5, decision
 * 029): with MUI's Drawer, Snackbar and the drawer's lists and badges they are 9 KiB of the first
 * load, and a form on a weak signal need not wait for a menu that is closed. The drawer's code is
 * asked for as soon as the shell renders; the notices' only when they show.
 */
const NavigationDrawer = lazy(async () => ({ default: (await import('./navigation-drawer')).NavigationDrawer }));
const UpdateSnackbar = lazy(async () => ({ default: (await import('./update-snackbar')).UpdateSnackbar }));
const IosInstallPrompt = lazy(async () => ({ default: (await import('./ios-install-prompt')).IosInstallPrompt }));

/** Whether iOS Safari's install explanation is due; decided once, when the shell mounts. */
const iosPromptDue = () => shouldShowIosInstallPrompt(currentIosPromptInput(window, localStorage, Date.now()));

const MAIN_ID = 'main-content';

/** The app shell around every screen (spec 000 section 2, screen 1). */
export function AppShell({ children }: { children: ReactNode }) {
  const state = useSession();
  const session = state.status === 'authenticated' ? state.session : null;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const updateAvailable = useUpdateAvailable();
  const [iosPrompt] = useState(iosPromptDue);
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
        // Beside the content, its place is kept while the code comes, so the page does not shift.
        <Suspense fallback={wide && <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }} />}>
          <NavigationDrawer
            session={session}
            variant={wide ? 'permanent' : 'temporary'}
            open={wide || menuOpen}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        <EnvironmentBanner />
        <OfflineBanner />
        <ServerNotification />
        {children}
      </Box>
      <Suspense>
        {updateAvailable && <UpdateSnackbar />}
        {iosPrompt && <IosInstallPrompt />}
      </Suspense>
    </Box>
  );
}
