import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { createForm, loadFolderTree, type AdminFolder } from '../api';
import { CreatePage } from '../components/create-page';
import { FolderSelect } from '../components/folder-select';
import { NameField, useNameState } from '../components/name-field';
import { findFolder, visibleFolders } from '../folders';
import { can, PERMISSION } from '../rights';
import { reportFailure, requireRights, useAdminSession } from '../session';

const t = nl.formAdmin.formCreate;

interface FormCreateData {
  folders: AdminFolder[];
  /** From ?folder_id, when that folder exists. */
  folderId: string;
}

/** Creating a form needs 'eform manage forms' (spec 001 section 6). */
export async function formCreateLoader({ request }: LoaderFunctionArgs): Promise<FormCreateData> {
  const { clientId, rights } = requireRights((r) => can(r, PERMISSION.manageForms));
  const folders = clientId ? visibleFolders(await loadFolderTree(clientId), can(rights, PERMISSION.viewHiddenFolders)) : [];
  const wanted = new URL(request.url).searchParams.get('folder_id') ?? '';
  return { folders, folderId: wanted && findFolder(folders, wanted) ? wanted : '' };
}

type Errors = Partial<Record<'form_name' | 'folder_id', string>>;

/** Spec 001 screen 2: name, type and folder; 'Formulier aanmaken' opens the new form. */
export function FormCreateRoute() {
  const { folders, folderId } = useLoaderData<FormCreateData>();
  const navigate = useNavigate();
  const typeLabelId = useId();
  const { clientId } = useAdminSession();
  const name = useNameState('');
  const [type, setType] = useState<'default' | 'workflow'>('default');
  const [folder, setFolder] = useState(folderId);
  const [folderError, setFolderError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Our own check and the server's 422 both say all that is wrong: a field without a word is fine.
  const showErrors = (errors: Errors) => {
    name.setError(errors.form_name);
    setFolderError(errors.folder_id);
  };

  const onSubmit = async () => {
    const form_name = name.value.trim();
    const found: Errors = {};
    if (!form_name) found.form_name = t.nameRequired;
    if (!folder) found.folder_id = nl.formAdmin.folderRequired;
    showErrors(found);
    if (Object.keys(found).length > 0 || !clientId) return;
    setBusy(true);
    try {
      const form = await createForm({ form_name, form_type: type, folder_id: folder, client_id: clientId });
      showToast(t.created(form.form_name || form_name), { severity: 'success' });
      void navigate(paths.form.build({ form_id: form.form_id }));
    } catch (error) {
      // The server's field messages (ops/decisions/010) go to their fields.
      if (error instanceof ApiError && error.status === 422) {
        const fromServer: Errors = {};
        for (const detail of error.details) {
          const pointer = detail.source?.pointer;
          if (pointer === '/form_name') fromServer.form_name = detail.detail;
          if (pointer === '/folder_id') fromServer.folder_id = detail.detail;
        }
        showErrors(fromServer);
      }
      reportFailure(error, t.failed);
      setBusy(false);
    }
  };

  return (
    <CreatePage messages={t} busy={busy} onSubmit={onSubmit}>
      <NameField label={t.name} name={name} />
      <FormControl>
        <FormLabel id={typeLabelId}>{t.type}</FormLabel>
        <RadioGroup
          aria-labelledby={typeLabelId}
          row
          value={type}
          onChange={(event) => setType(event.target.value === 'workflow' ? 'workflow' : 'default')}
        >
          <FormControlLabel value="default" control={<Radio />} label={nl.formAdmin.formTypeDefault} />
          <FormControlLabel value="workflow" control={<Radio />} label={nl.formAdmin.formTypeWorkflow} />
        </RadioGroup>
      </FormControl>
      {folders.length === 0 && <Typography color="text.secondary">{t.noFolders}</Typography>}
      <FolderSelect
        folders={folders}
        label={nl.formAdmin.folderField}
        value={folder}
        required
        onChange={(value) => {
          setFolder(value);
          setFolderError(undefined);
        }}
        error={folderError}
      />
    </CreatePage>
  );
}
