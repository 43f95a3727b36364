import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SafeHtml } from '@/components/safe-html';
import { nl } from '@/messages/nl-admin';
import { loadFolderTree, type AdminFolder, type AdminForm } from '../api';
import { summaryTokens, insertToken } from '../summary';
import { FolderSelect } from './folder-select';
import { NameField, useNameState } from './name-field';
import { SubmitForm } from './submit-form';

const t = nl.formAdmin.edit;

interface EditPanelProps {
  form: AdminForm;
  canEditName: boolean;
  canEditContent: boolean;
  /** Saves the changed form; false when the save failed (the caller showed why). */
  save(form: AdminForm): Promise<boolean>;
}

/**
 * Spec 001 screen 6, edit panel: name and folder ('eform manage form name') and the registration
 * summary, HTML with tokens ('eform manage form edit'). The token list inserts at the caret.
 */
export function EditPanel({ form, canEditName, canEditContent, save }: EditPanelProps) {
  const name = useNameState(form.form_name);
  const [folderId, setFolderId] = useState(form.folder_id ?? '');
  const [summary, setSummary] = useState(form.form_summary ?? '');
  const [folders, setFolders] = useState<AdminFolder[]>([]);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLTextAreaElement>(null);
  const tokens = useMemo(() => summaryTokens(form.schema ?? []), [form.schema]);

  // A saved form is the new starting point; other saves (a switch) leave the edits alone.
  useEffect(() => name.setValue(form.form_name), [form.form_name]);
  useEffect(() => setFolderId(form.folder_id ?? ''), [form.folder_id]);
  useEffect(() => setSummary(form.form_summary ?? ''), [form.form_summary]);

  useEffect(() => {
    if (!canEditName) return;
    let current = true;
    loadFolderTree(form.client_id).then(
      (tree) => current && setFolders(tree),
      (error: unknown) => console.warn('folders could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [form.client_id, canEditName]);

  const addToken = (token: string) => {
    const field = summaryRef.current;
    const start = field?.selectionStart ?? summary.length;
    const end = field?.selectionEnd ?? summary.length;
    const next = insertToken(summary, start, end, token);
    setSummary(next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onSubmit = async () => {
    const form_name = name.value.trim();
    if (canEditName && !form_name) {
      name.setError(t.nameRequired);
      return;
    }
    setBusy(true);
    await save({
      ...form,
      form_name: canEditName ? form_name : form.form_name,
      folder_id: canEditName && folderId ? folderId : form.folder_id,
      form_summary: canEditContent ? summary : form.form_summary,
    });
    setBusy(false);
  };

  return (
    <SubmitForm submitLabel={nl.formAdmin.save} busy={busy} gap={2} onSubmit={onSubmit}>
      <Typography variant="h6" component="h2">
        {t.title}
      </Typography>
      {canEditName && (
        <>
          <NameField label={t.name} name={name} />
          {folders.length > 0 && (
            <FolderSelect folders={folders} label={nl.formAdmin.folderField} value={folderId} onChange={setFolderId} required />
          )}
        </>
      )}
      {canEditContent && (
        <>
          <TextField
            label={t.summary}
            helperText={t.summaryHelp}
            multiline
            minRows={3}
            value={summary}
            onChange={(event) => setSummary(event.target.value)}
            inputRef={summaryRef}
            fullWidth
          />
          {summary.trim() !== '' && (
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t.summaryPreview}
              </Typography>
              {/* Tokens stay visible as they are; the HTML is limited to the summary tags. */}
              <SafeHtml html={summary} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} />
            </Box>
          )}
          <Box role="group" aria-label={t.tokens} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
              {t.tokens}
            </Typography>
            {tokens.map((token) => (
              <Chip
                key={token.token}
                label={`${token.label} ${token.token}`}
                onClick={() => addToken(token.token)}
                aria-label={t.insertToken(token.label, token.token)}
                variant="outlined"
                size="small"
                // A long label wraps on a narrow screen rather than hiding the token it names.
                sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
              />
            ))}
          </Box>
        </>
      )}
    </SubmitForm>
  );
}
