import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { createFolder, type AdminFolder } from '../api';
import { CreatePage } from '../components/create-page';
import { FolderSelect } from '../components/folder-select';
import { NameField, useNameState } from '../components/name-field';
import { visibleFolders } from '../folders';
import { can, PERMISSION } from '../rights';
import { reportFailure, useAdminSession } from '../session';

const t = nl.formAdmin.folderCreate;

/** Adding a folder needs 'eform manage forms' (spec 001 section 6), like managing them. */
export { manageableFolderTree as folderCreateLoader } from '../folder-loader';

/** Spec 001 screen 3: name, parent folder ('---' per level) and, with its permission, hidden. */
export function FolderCreateRoute() {
  const tree = useLoaderData<AdminFolder[]>();
  const navigate = useNavigate();
  const { clientId, rights } = useAdminSession();
  const canHide = can(rights, PERMISSION.viewHiddenFolders);
  const name = useNameState('');
  const [parent, setParent] = useState('');
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async () => {
    const folder_name = name.value.trim();
    if (!folder_name) {
      name.setError(t.nameRequired);
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
    <CreatePage messages={t} busy={busy} onSubmit={onSubmit}>
      <NameField label={t.name} name={name} />
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
    </CreatePage>
  );
}
