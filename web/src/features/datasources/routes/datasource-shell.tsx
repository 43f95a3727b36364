import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
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
  useOutletContext,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { pageColumn } from '@/components/page-column';
import { paths } from '@/config/paths';
import { restoreSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl-admin';
import { isDatasourceKind, loadDatasource, type DatasourceKind, type DatasourceResource } from '../api';
import { datasourceTabs, forbidden, mayOpenTab, rightsOf, tabAt, type DatasourceRights } from '../policy';

const t = nl.datasources;

/** What the shell hands its tabs: the datasource as its loader read it and the user's rights. */
export interface DatasourceShellData {
  datasource: DatasourceResource;
  kind: DatasourceKind;
  rights: DatasourceRights;
}

/** For child routes of the datasource shell only. */
export function useDatasourceShell(): DatasourceShellData {
  return useOutletContext<DatasourceShellData>();
}

/**
 * The datasource and the user's rights, for the shell and its tabs. The tab asked for must be
 * one the rights allow (spec 002 section 6), else the 403 reaction; an unknown kind is a 404.
 */
export async function datasourceShellLoader({ params, request }: LoaderFunctionArgs): Promise<DatasourceShellData> {
  const kind = params.datasource_type;
  if (!isDatasourceKind(kind)) throw new Response(null, { status: 404 });
  const rights = rightsOf(restoreSession());
  if (!mayOpenTab(rights, new URL(request.url).pathname)) forbidden();
  const datasource = await loadDatasource(kind, params.datasource_id ?? '', request.signal);
  return { datasource, kind, rights };
}

/** Read again on every change of tab, so the detail shows what Aanpassen saved. */
export function datasourceShellShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/** Spec 002 screen 17: the datasource's name, the way back to the list, and the tabs the user may open. */
export function DatasourceShellRoute() {
  const data = useLoaderData<DatasourceShellData>();
  const { pathname } = useLocation();
  const { datasource, kind, rights } = data;
  const tabs = useMemo(() => datasourceTabs(rights, kind, datasource.id), [rights, kind, datasource.id]);
  const active = tabs.find((tab) => tab.key === tabAt(pathname))?.to ?? false;

  return (
    <Box sx={{ ...pageColumn, gap: 0 }}>
      <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 2, sm: 3 }, pt: 2 }}>
        <Breadcrumbs aria-label={t.breadcrumbs} sx={{ mb: 0.5 }}>
          <Link component={RouterLink} to={paths.datasource_list.build()} underline="hover" color="inherit">
            {t.title}
          </Link>
          <Typography color="text.secondary">{t.kinds[kind]}</Typography>
        </Breadcrumbs>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {datasource.attributes.name}
        </Typography>
        <Tabs value={active} aria-label={t.tabs.label} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <Tab key={tab.key} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
          ))}
        </Tabs>
      </Paper>
      <Outlet context={data} />
    </Box>
  );
}
