import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { createFolder, loadFolderTree, type AdminFolder } from '../api';
import { FolderSelect } from '../components/folder-select';
import { visibleFolders } from '../folders';
import { can, PERMISSION } from '../rights';
import { reportFailure, requireRights, useAdminSession } from '../session';

const t = nl.formAdmin.folderCreate;

/** Adding a folder needs 'eform manage forms' (spec 001 section 6). */
export async function folderCreateLoader(): Promise<AdminFolder[]> {
  const { clientId } = requireRights((rights) => can(rights, PERMISSION.manageForms));
  return clientId ? loadFolderTree(clientId) : [];
}

/** Spec 001 screen 3: name, parent folder ('---' per level) and, with its permission, hidden. */
export function FolderCreateRoute() {
  const tree = useLoaderData<AdminFolder[]>();
  const navigate = useNavigate();
  const { clientId, rights } = useAdminSession();
  const canHide = can(rights, PERMISSION.viewHiddenFolders);
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [hidden, setHidden] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const folder_name = name.trim();
    if (!folder_name) {
      setNameError(t.nameRequired);
      return;
    }
    if (!clientId) return;
    setBusy(true);
    try {
      await createFolder(clientId, { folder_name, form_folder: parent || null, hidden: canHide && hidden });
      showToast(t.created(folder_name), { severity: 'success' });
      void navigate(paths.folder_list_admin.build());
    } catch (error) {
      reportFailure(error, t.failed);
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3, maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 3 }}>
          <TextField
            label={t.name}
            required
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
            error={Boolean(nameError)}
            helperText={nameError}
            fullWidth
          />
          <FolderSelect
            folders={visibleFolders(tree, canHide)}
            label={t.parent}
            value={parent}
            onChange={setParent}
            emptyLabel={t.noParent}
          />
          {canHide && (
            <FormControlLabel
              control={<Checkbox checked={hidden} onChange={(event) => setHidden(event.target.checked)} />}
              label={t.hidden}
            />
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t.submit}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
