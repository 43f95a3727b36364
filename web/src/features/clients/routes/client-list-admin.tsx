import AddIcon from '@mui/icons-material/Add';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl-admin';
import { linkOffset, loadClientPage } from '../api';
import { ClientTable, type ClientRow } from '../components/client-table';
import { SnapshotRestore } from '../components/snapshot-restore';
import { mayUseSnapshots } from '../policy';

const t = nl.clients.admin;

/** The app's own address carries the page's offset: `?offset=50`, so back and reload keep the page. */
const OFFSET_PARAM = 'offset';

interface ClientListAdminData {
  offset: number;
  rows: ClientRow[];
  /** Offsets of the pages the server links to, when there are such pages. */
  previous: number | undefined;
  next: number | undefined;
}

/** Every client by name, a page at a time (the route is for admins only: its guard). */
export async function clientListAdminLoader({ request }: LoaderFunctionArgs): Promise<ClientListAdminData> {
  const asked = Number(new URL(request.url).searchParams.get(OFFSET_PARAM) ?? 0);
  const offset = Number.isSafeInteger(asked) && asked > 0 ? asked : 0;
  const page = await loadClientPage(offset, request.signal);
  return {
    offset,
    rows: page.data.map(({ id, attributes }) => ({ id, name: attributes.name, credits: attributes.field_credits ?? null })),
    previous: linkOffset(page.links.prev),
    next: linkOffset(page.links.next),
  };
}

function pagePath(offset: number): string {
  return paths.client_list_admin.build(undefined, { [OFFSET_PARAM]: offset > 0 ? String(offset) : undefined });
}

/**
 * Spec 002 screen 2: the way to add a client, and all clients by name with their credits,
 * paged through the server's previous and next links; a new page starts at the top. Admins
 * also restore a client from a snapshot here (decision 021).
 */
export function ClientListAdminRoute() {
  const { offset, rows, previous, next } = useLoaderData<ClientListAdminData>();
  const session = useSession();
  const snapshots = mayUseSnapshots(session.status === 'authenticated' ? session.session.user.roles : []);

  const shownOffset = useRef(offset);
  useEffect(() => {
    if (shownOffset.current === offset) return;
    shownOffset.current = offset;
    window.scrollTo({ top: 0 });
  }, [offset]);

  return (
    <AdminPage
      title={t.title}
      maxWidth={950}
      actions={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {snapshots && <SnapshotRestore />}
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.client_create.build()}>
            {t.add}
          </Button>
        </Box>
      }
    >
      {rows.length === 0 ? <Typography>{t.empty}</Typography> : <ClientTable rows={rows} />}
      {(previous !== undefined || next !== undefined) && (
        <Box component="nav" aria-label={t.paging} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          {/* A missing link is left out, not disabled: there is no such page. */}
          <Box>
            {previous !== undefined && (
              <Button component={RouterLink} to={pagePath(previous)} startIcon={<NavigateBeforeIcon />}>
                {t.previous}
              </Button>
            )}
          </Box>
          <Box>
            {next !== undefined && (
              <Button component={RouterLink} to={pagePath(next)} endIcon={<NavigateNextIcon />}>
                {t.next}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </AdminPage>
  );
}
