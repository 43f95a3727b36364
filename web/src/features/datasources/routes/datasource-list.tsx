import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { PremiumWallDialog } from '@/components/premium-wall-dialog';
import { paths } from '@/config/paths';
import { restoreSession } from '@/lib/auth/session';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl-admin';
import { DATASOURCE_KINDS, kindOf, loadDatasources, MAP_MODULE, type DatasourceKind, type DatasourceResource } from '../api';
import { forbidden, kindLocked, mayCreate, mayView, rightsOf, type DatasourceRights } from '../policy';

const t = nl.datasources;

interface DatasourceListData {
  datasources: DatasourceResource[];
  rights: DatasourceRights;
}

/**
 * Both kinds of the current client's datasources (each asked with the spec's page limit of 300),
 * by name. Without 'eform edit datasources' or 'eform create datasources' the spec's 403 reaction.
 */
export async function datasourceListLoader({ request }: LoaderFunctionArgs): Promise<DatasourceListData> {
  const rights = rightsOf(restoreSession());
  if (!mayView(rights)) forbidden();
  const clientId = rights.clientId;
  if (clientId === null) return { datasources: [], rights };
  const lists = await Promise.all(DATASOURCE_KINDS.map((kind) => loadDatasources(kind, clientId, request.signal)));
  const datasources = lists.flat().sort((a, b) => a.attributes.name.localeCompare(b.attributes.name, 'nl'));
  return { datasources, rights };
}

/**
 * Spec 002 screen 16: the client's datasources, with the add menu 'Kaart items' (behind the
 * paid-feature wall without the map module) and 'Zoeken' for 'eform create datasources'.
 */
export function DatasourceListRoute() {
  const { datasources, rights } = useLoaderData<DatasourceListData>();
  const navigate = useNavigate();
  const menuId = useId();
  const buttonId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [locked, setLocked] = useState<{ text: string; module: string } | null>(null);

  const choose = (kind: DatasourceKind) => {
    setMenuAnchor(null);
    if (kindLocked(rights, kind)) {
      setLocked({ text: t.mapLocked, module: MAP_MODULE });
      return;
    }
    void navigate(paths.datasource_create.build({ datasource_type: kind }));
  };

  const addMenu = mayCreate(rights) && (
    <>
      <Button
        id={buttonId}
        variant="contained"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : undefined}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        {t.add}
      </Button>
      {/* Beside its button in the page's main landmark, not in a portal after every landmark. */}
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={menuAnchor !== null}
        onClose={() => setMenuAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        disablePortal
      >
        {DATASOURCE_KINDS.map((kind) => {
          const isLocked = kindLocked(rights, kind);
          return (
            <MenuItem key={kind} onClick={() => choose(kind)}>
              {isLocked && (
                <ListItemIcon>
                  <LockIcon fontSize="small" />
                </ListItemIcon>
              )}
              <ListItemText inset={!isLocked && DATASOURCE_KINDS.some((other) => kindLocked(rights, other))} secondary={isLocked ? t.lockedHint : undefined}>
                {t.kinds[kind]}
              </ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );

  return (
    <AdminPage title={t.title} actions={addMenu} maxWidth={1100}>
      {datasources.length === 0 ? (
        <Typography color="text.secondary">
          {t.empty} {mayCreate(rights) && t.emptyHint}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={t.tableLabel} size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t.name}</TableCell>
                  <TableCell>{t.kind}</TableCell>
                  <TableCell align="right">{t.featureCount}</TableCell>
                  <TableCell>{t.changed}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {datasources.map((source) => {
                  const kind = kindOf(source);
                  const to = paths.datasource_view.build({ datasource_type: kind, datasource_id: source.id });
                  // The whole row opens the datasource; the link is its keyboard and screen reader way.
                  return (
                    <TableRow key={`${kind}-${source.id}`} hover onClick={() => void navigate(to)} sx={{ cursor: 'pointer' }}>
                      <TableCell>
                        <Link component={RouterLink} to={to} aria-label={t.open(source.attributes.name)} onClick={(event) => event.stopPropagation()}>
                          {source.attributes.name}
                        </Link>
                      </TableCell>
                      <TableCell>{t.kinds[kind]}</TableCell>
                      <TableCell align="right">{source.attributes.feature_count.toLocaleString('nl-NL')}</TableCell>
                      <TableCell>{formatTimestamp(source.attributes.changed)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <PremiumWallDialog locked={locked} clientId={rights.clientId} onClose={() => setLocked(null)} />
    </AdminPage>
  );
}
