import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import {
  Link as RouterLink,
  Outlet,
  useLoaderData,
  useLocation,
  useParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { pageColumn } from '@/components/page-column';
import { restoreSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl-admin';
import { loadClientAccess, loadClientDetails } from '../api';
import type { ClientShellData } from '../client-context';
import { clientTabs, forbidden, mayOpen, tabAt } from '../policy';

/**
 * The client and the user's rights there, for the shell and all its tabs. The tab asked for
 * must be one the rights allow (spec 002 section 6), else the 403 reaction.
 */
export async function clientShellLoader({ params, request }: LoaderFunctionArgs): Promise<ClientShellData> {
  const client_id = params.client_id ?? '';
  const [access, client] = await Promise.all([
    loadClientAccess(client_id, request.signal),
    loadClientDetails(client_id, request.signal),
  ]);
  const state = restoreSession();
  const globalRoles = state.status === 'authenticated' ? state.session.user.roles : [];
  const rights = { permissions: access.permissions, roles: [...new Set([...globalRoles, ...access.roles])] };
  if (!mayOpen(rights, new URL(request.url).pathname, client_id)) forbidden();
  return { client, rights };
}

/**
 * Read again on every change of tab: the tab's permission is checked on its own address, and a
 * tab that changed the client (Aanpassen, Credits) is seen in the others.
 */
export function clientShellShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/** Spec 002 screen 4: the client's name and the tabs the user may open; the tab below. */
export function ClientShellRoute() {
  const data = useLoaderData<ClientShellData>();
  const { pathname } = useLocation();
  const { client_id = '' } = useParams();
  const { client, rights } = data;
  const tabs = useMemo(() => clientTabs(rights, client_id), [rights, client_id]);
  const activeKey = tabAt(pathname, client_id);
  const active = tabs.find((tab) => tab.key === activeKey)?.to ?? false;

  return (
    <Box sx={{ ...pageColumn, gap: 0 }}>
      <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 2, sm: 3 }, pt: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {client.name}
        </Typography>
        <Tabs value={active} aria-label={nl.clients.tabs.label} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <Tab key={tab.key} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
          ))}
        </Tabs>
      </Paper>
      <Outlet context={data} />
    </Box>
  );
}
