import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLoaderData } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { paths } from '@/config/paths';
import { nl } from '@/messages/nl-admin';
import { loadFormTree, type AdminFolder } from '../api';
import { visibleFolders } from '../folders';
import { can, canAdministerForms, PERMISSION } from '../rights';
import { requireRights, useAdminSession } from '../session';

const t = nl.formAdmin.formList;

/** Reachable with any of the three form admin permissions (spec 001 screen 5). */
export async function formListAdminLoader(): Promise<AdminFolder[]> {
  const { clientId } = requireRights(canAdministerForms);
  return clientId ? loadFormTree(clientId) : [];
}

/** Spec 001 screen 5: folders and their forms, each with a published chip. */
export function FormListAdminRoute() {
  const tree = useLoaderData<AdminFolder[]>();
  const { rights } = useAdminSession();
  const canManage = can(rights, PERMISSION.manageForms);
  const folders = useMemo(() => visibleFolders(tree, can(rights, PERMISSION.viewHiddenFolders)), [tree, rights]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const toggle = (folderId: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(folderId)) next.delete(folderId);
      else next.add(folderId);
      return next;
    });

  const renderFolders = (list: readonly AdminFolder[], level: number) => (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {list.map((folder) => {
        const open = !collapsed.has(folder.folder_id);
        const groupId = `form-list-${folder.folder_id}`;
        return (
          <li key={folder.folder_id}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: level * 3, py: 0.5, pr: 1 }}>
              <Button
                onClick={() => toggle(folder.folder_id)}
                aria-expanded={open}
                aria-controls={groupId}
                aria-label={open ? t.collapse(folder.folder_name) : t.expand(folder.folder_name)}
                startIcon={open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
                sx={{ textTransform: 'none', color: 'text.primary', flexGrow: 1, justifyContent: 'flex-start' }}
              >
                <FolderIcon color={folder.folder_hidden ? 'disabled' : 'primary'} sx={{ mr: 1 }} aria-hidden />
                {folder.folder_name}
              </Button>
              {canManage && (
                <IconButton
                  component={RouterLink}
                  to={paths.form_create.build(undefined, { folder_id: folder.folder_id })}
                  aria-label={t.addFormIn(folder.folder_name)}
                >
                  <NoteAddOutlinedIcon />
                </IconButton>
              )}
            </Box>
            {open && (
              <Box id={groupId}>
                {renderFolders(folder.children ?? [], level + 1)}
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {folder.forms.map((form) => (
                    <Box
                      component="li"
                      key={form.form_id}
                      sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: (level + 1) * 3 + 2, py: 0.75, pr: 2 }}
                    >
                      <DescriptionOutlinedIcon color="action" aria-hidden />
                      <Link component={RouterLink} to={paths.form.build({ form_id: form.form_id })} sx={{ flexGrow: 1 }}>
                        {form.form_name}
                      </Link>
                      <Chip
                        size="small"
                        color={form.published_at ? 'success' : 'default'}
                        variant={form.published_at ? 'filled' : 'outlined'}
                        label={form.published_at ? t.published : t.unpublished}
                      />
                    </Box>
                  ))}
                </Box>
              </Box>
            )}
          </li>
        );
      })}
    </Box>
  );

  return (
    <AdminPage
      title={t.title}
      maxWidth={950}
      actions={
        canManage && (
          <>
            <Button variant="outlined" startIcon={<CreateNewFolderOutlinedIcon />} component={RouterLink} to={paths.folder_create.build()}>
              {t.addFolder}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.form_create.build()}>
              {t.addForm}
            </Button>
          </>
        )
      }
    >
      {folders.length === 0 ? (
        <Typography>{t.empty}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ py: 1 }} component="nav" aria-label={t.treeLabel}>
          {renderFolders(folders, 0)}
        </Paper>
      )}
    </AdminPage>
  );
}
