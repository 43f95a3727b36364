import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { uploadRefusal } from '@/lib/api';
import { batchFailed, followBatch } from '@/lib/batches';
import { formatBytes } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import {
  CRS_OPTIONS,
  createDatasource,
  failureTexts,
  updateDatasource,
  uploadDatasourceFile,
  type DatasourceKind,
  type DatasourceResource,
  type SavedDatasource,
} from '../api';
import { checkDraft, FILE_ACCEPT, type DatasourceDraft, type DraftErrors } from '../form-model';
import { FileHelp } from './file-help';
import { ImportProgressDialog, type ImportPhase } from './import-progress-dialog';

const t = nl.datasources.form;

interface DatasourceFormProps {
  kind: DatasourceKind;
  clientId: string;
  /** The datasource being changed; absent when a new one is made. */
  current?: DatasourceResource;
  /** Where 'Annuleren' goes. */
  cancelTo: string;
}

/**
 * Spec 002 screen 19: name, coordinate system (map features) and the file, with its help text.
 * Saving uploads the file (`POST /api/file-upload/datasource_source`), then creates or changes
 * the datasource; the import it queues is followed in the progress dialog until its queue is
 * empty, then the detail opens with the import errors. Leaving the screen stops the following,
 * not the import.
 */
export function DatasourceForm({ kind, clientId, current, cancelTo }: DatasourceFormProps) {
  const navigate = useNavigate();
  const idPrefix = useId().replace(/:/g, '');
  const fileInput = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [draft, setDraft] = useState<DatasourceDraft>({
    name: current?.attributes.name ?? '',
    crs: current?.attributes.field_crs ?? '',
    file: null,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<ImportPhase>({ phase: 'idle' });
  const [saved, setSaved] = useState<DatasourceResource | null>(null);
  const isNew = current === undefined;
  const errors: DraftErrors = checkDraft(kind, draft, isNew);
  // A wrong file is said at once; missing values after the first try to save.
  const shown: DraftErrors = submitted ? errors : errors.file && draft.file ? { file: errors.file } : {};
  const busy = progress.phase !== 'idle';

  useEffect(() => () => running.current?.abort(), []);

  const toDetail = (source: DatasourceResource) =>
    void navigate(paths.datasource_view.build({ datasource_type: kind, datasource_id: source.id }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors([]);
    if (Object.keys(errors).length > 0) return;
    const controller = new AbortController();
    running.current = controller;
    let result: SavedDatasource;
    try {
      let fileId: string | undefined;
      if (draft.file) {
        setProgress({ phase: 'uploading', percent: 0 });
        const uploaded = await uploadDatasourceFile(clientId, draft.file, {
          signal: controller.signal,
          onUploadProgress: (loaded, total) => setProgress({ phase: 'uploading', percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
        });
        fileId = uploaded.fid;
      }
      setProgress({ phase: 'saving' });
      const input = { name: draft.name.trim(), crs: kind === 'map_features' ? draft.crs : undefined, fileId };
      result = current ? await updateDatasource(kind, current.id, input) : await createDatasource(kind, clientId, input);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress({ phase: 'idle' });
      const refusal = uploadRefusal(error);
      setServerErrors(refusal ? [refusal] : failureTexts(error, t.failed));
      return;
    }
    const name = result.data.attributes.name;
    showToast(isNew ? nl.datasources.created(name) : nl.datasources.saved(name), { severity: 'success' });
    setSaved(result.data);
    if (!result.batch) {
      toDetail(result.data);
      return;
    }
    try {
      const last = await followBatch(result.batch, { signal: controller.signal, onProgress: (batch) => setProgress({ phase: 'importing', batch }) });
      if (batchFailed(last)) {
        setProgress({ phase: 'failed', texts: last.error ? [last.error] : [] });
        return;
      }
      toDetail(result.data);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress({ phase: 'failed', texts: failureTexts(error, nl.datasources.progress.failed) });
    }
  };

  const cancelUpload = () => {
    running.current?.abort();
    setProgress({ phase: 'idle' });
  };

  const chooseFile = (file: File | undefined) => {
    setDraft((before) => ({ ...before, file: file ?? null }));
    if (fileInput.current) fileInput.current.value = '';
  };

  const fieldProps = (field: keyof DatasourceDraft) => ({
    error: Boolean(shown[field]),
    helperText: shown[field],
  });
  const fileHelpId = `${idPrefix}-file-help`;

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 800 }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void onSubmit(event)}
        aria-labelledby={`${idPrefix}-title`}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        {/* A new datasource's form is the whole page; an edited one sits under the datasource's title. */}
        <Typography id={`${idPrefix}-title`} variant="h6" component={isNew ? 'h1' : 'h2'}>
          {isNew ? t.createTitle(nl.datasources.kinds[kind] ?? kind) : t.editTitle}
        </Typography>
        {submitted && Object.keys(errors).length > 0 && (
          <Alert severity="error" role="alert">
            {t.invalid}
          </Alert>
        )}
        {serverErrors.length > 0 && (
          <Alert severity="error" role="alert">
            {serverErrors.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
        <TextField
          id={`${idPrefix}-name`}
          label={t.name}
          value={draft.name}
          onChange={(event) => setDraft((before) => ({ ...before, name: event.target.value }))}
          required
          fullWidth
          {...fieldProps('name')}
        />
        {kind === 'map_features' && (
          <TextField
            id={`${idPrefix}-crs`}
            select
            label={t.crs}
            value={draft.crs}
            onChange={(event) => setDraft((before) => ({ ...before, crs: event.target.value }))}
            required
            fullWidth
            {...fieldProps('crs')}
          >
            {CRS_OPTIONS.map((crs) => (
              <MenuItem key={crs} value={crs}>
                {t.crsOptions[crs]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack spacing={1} role="group" aria-labelledby={`${idPrefix}-file-label`} aria-describedby={fileHelpId}>
          <Typography id={`${idPrefix}-file-label`} variant="subtitle1" component="p">
            {t.file}
            {isNew && ' *'}
          </Typography>
          <input
            ref={fileInput}
            id={`${idPrefix}-file`}
            type="file"
            accept={FILE_ACCEPT}
            aria-label={t.file}
            hidden
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} sx={{ alignSelf: 'flex-start' }} disabled={busy}>
            {t.chooseFile}
          </Button>
          <FormHelperText id={fileHelpId} error={Boolean(shown.file)} sx={{ mx: 0 }}>
            {shown.file ??
              (draft.file
                ? t.chosen(draft.file.name, formatBytes(draft.file.size))
                : isNew
                  ? t.noFile
                  : t.currentFile)}
          </FormHelperText>
          {!isNew && draft.file && !shown.file && <Alert severity="info">{t.newFileReplaces}</Alert>}
        </Stack>
        <FileHelp kind={kind} crs={draft.crs} heading={isNew ? 'h2' : 'h3'} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={busy}>
            {isNew ? t.create : t.save}
          </Button>
          <Button component={RouterLink} to={cancelTo} disabled={busy}>
            {t.cancel}
          </Button>
        </Stack>
      </Paper>
      <ImportProgressDialog state={progress} onToDetail={saved ? () => toDetail(saved) : null} onCancelUpload={cancelUpload} />
    </Box>
  );
}
