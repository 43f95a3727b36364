import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { VersionText } from '@/components/version-text';
import { paths } from '@/config/paths';
import type { StoredSession } from '@/lib/auth/session-storage';
import { useUnsentCount } from '@/lib/offline/unsent-registrations';
import { navEntries } from '@/lib/permissions/nav';
import { rolesOf } from '@/lib/permissions/permissions';
import { nl } from '@/messages/nl';
import { ClientSelector } from './client-selector';
import { DRAWER_WIDTH, NAVIGATION_DRAWER_ID } from './drawer-layout';

interface NavigationDrawerProps {
  session: StoredSession;
  /** permanent beside the content on wide screens, temporary overlay on phones. */
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose(): void;
}

export function NavigationDrawer({ session, variant, open, onClose }: NavigationDrawerProps) {
  const unsentCount = useUnsentCount();
  const entries = navEntries({
    permissions: session.access.permissions,
    roles: rolesOf(session),
    clientId: session.currentClientId,
    unsentCount,
  });
  // On phones the drawer covers the page: close it once an entry is chosen.
  const closeIfOverlay = variant === 'temporary' ? onClose : undefined;

  return (
    <Drawer
      id={NAVIGATION_DRAWER_ID}
      variant={variant}
      open={open}
      onClose={onClose}
      // Over the page on a phone the drawer is a dialog (MUI's), which needs a name.
      slotProps={{ paper: variant === 'temporary' ? { 'aria-label': nl.shell.navigation } : {} }}
      sx={{
        width: variant === 'permanent' ? DRAWER_WIDTH : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      {variant === 'permanent' && <Toolbar />}
      {/* All of the drawer is the navigation landmark: whose account, which client, where to go,
          sign out. Its entries are links, not a list, so they sit in plain blocks. */}
      <Box component="nav" aria-label={nl.shell.navigation} sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
        <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Typography variant="body2" noWrap title={session.user.email} data-testid="user-email">
            {session.user.email}
          </Typography>
          <ClientSelector session={session} onSwitched={() => closeIfOverlay?.()} />
        </Box>
        <Divider />
        <List component="div" sx={{ flexGrow: 1 }}>
          {entries.map((entry) =>
            entry.kind === 'heading' ? (
              <ListSubheader key={`heading-${entry.key}`} component="div">
                {entry.label}
              </ListSubheader>
            ) : (
              <ListItemButton
                key={entry.key}
                component={NavLink}
                to={entry.to}
                end
                onClick={closeIfOverlay}
                sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 500 } }}
              >
                <ListItemText primary={entry.label} />
                {entry.badge !== undefined && (
                  <Badge badgeContent={entry.badge} showZero color="primary" sx={{ mr: 1 }} />
                )}
              </ListItemButton>
            ),
          )}
        </List>
        <Divider />
        <List component="div">
          <ListItemButton component={NavLink} to={paths.logout.build()} onClick={closeIfOverlay}>
            <ListItemText primary={nl.shell.logout} />
          </ListItemButton>
        </List>
        <Box sx={{ px: 2, pb: 2 }}>
          <VersionText />
        </Box>
      </Box>
    </Drawer>
  );
}
