import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { ClientSummary } from '@/lib/api/types';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { copyForm, loadFolderTree, type AdminFolder, type AdminForm } from '../api';
import { reportFailure } from '../session';
import { FolderSelect } from './folder-select';

const t = nl.formAdmin.copy;

interface CopyPanelProps {
  form: AdminForm;
  /** The user's clients; the copy may land in any of them. */
  clients: readonly ClientSummary[];
}

/** Spec 001 screen 6: copy the form ('Kopie van {name}') into a folder of one of the user's clients. */
export function CopyPanel({ form, clients }: CopyPanelProps) {
  const navigate = useNavigate();
  const [clientId, setClientId] = useState(form.client_id);
  const [folders, setFolders] = useState<AdminFolder[]>([]);
  const [folderId, setFolderId] = useState('');
  const [folderError, setFolderError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    setFolders([]);
    // Spec 001 section 5: another client needs a folder chosen there; here the form's own is the default.
    setFolderId(clientId === form.client_id ? (form.folder_id ?? '') : '');
    loadFolderTree(clientId).then(
      (tree) => current && setFolders(tree),
      (error: unknown) => console.warn('folders could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [clientId, form.client_id, form.folder_id]);

  const onCopy = async () => {
    if (!folderId) {
      setFolderError(nl.formAdmin.folderRequired);
      return;
    }
    setBusy(true);
    try {
      const copy = await copyForm(form.form_id, { client_id: clientId, folder_id: folderId });
      showToast(t.created(copy.form_name), { severity: 'success' });
      void navigate(paths.form.build({ form_id: copy.form_id }));
    } catch (error) {
      reportFailure(error, t.failed);
    } finally {
      setBusy(false);
    }
  };

  const choices = clients.some((client) => client.id === form.client_id)
    ? clients
    : [{ id: form.client_id, uuid: form.client_uuid, name: form.client_id }, ...clients];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t.title}
      </Typography>
      <Typography color="text.secondary">{t.name(form.form_name)}</Typography>
      <TextField select label={t.client} value={clientId} onChange={(event) => setClientId(event.target.value)} fullWidth>
        {choices.map((client) => (
          <MenuItem key={client.id} value={client.id}>
            {client.name}
          </MenuItem>
        ))}
      </TextField>
      <FolderSelect
        folders={folders}
        label={t.folder}
        value={folders.length > 0 ? folderId : ''}
        onChange={(value) => {
          setFolderId(value);
          setFolderError(undefined);
        }}
        required
        error={folderError}
      />
      <Box>
        <Button variant="outlined" disabled={busy} onClick={() => void onCopy()}>
          {t.submit}
        </Button>
      </Box>
    </Box>
  );
}
