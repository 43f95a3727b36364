import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { FileImage } from '@/components/authenticated-file';
import { ApiError, uploadRefusal } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { uploadEditorFile } from '../api';
import { uploadError } from '../element-validation';

export interface StoredFile {
  fid?: string;
  url: string;
  name: string;
}

interface UploadFieldProps {
  kind: 'imageTag' | 'staticFile';
  clientId: string;
  file: StoredFile | null;
  onUploaded(file: StoredFile): void;
  /** True while a file is on its way; the dialog must not close then (spec 001 section 5). */
  onBusyChange(busy: boolean): void;
  error?: string;
  idPrefix: string;
}

const ACCEPT = {
  imageTag: '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif',
  staticFile: '.pdf,.docx,.txt,.jpg,.jpeg,.png,.gif',
};

/** The image of an imageTag or the file of a staticFile element, uploaded when chosen. */
export function UploadField({ kind, clientId, file, onUploaded, onBusyChange, error, idPrefix }: UploadFieldProps) {
  const t = nl.formEditor;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `${idPrefix}-upload`;

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = uploadError(kind, chosen);
    if (problem) {
      showToast(problem, { severity: 'error' });
      return;
    }
    setBusy(true);
    onBusyChange(true);
    try {
      const uploaded = await uploadEditorFile(kind, clientId, chosen);
      onUploaded({ fid: uploaded.fid, url: uploaded.url, name: uploaded.filename || chosen.name });
    } catch (failure) {
      const message = uploadRefusal(failure) ?? (failure instanceof ApiError ? failure.message : t.uploadFailed);
      showToast(message, { severity: 'error' });
    } finally {
      setBusy(false);
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={1}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT[kind]}
        aria-label={kind === 'imageTag' ? t.uploadImage : t.uploadFile}
        hidden
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<UploadIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {kind === 'imageTag' ? t.uploadImage : t.uploadFile}
      </Button>
      {busy && (
        <>
          <Typography role="status">{t.uploading}</Typography>
          <LinearProgress aria-label={t.uploading} />
        </>
      )}
      {file && (
        <Typography variant="body2">
          {t.currentFile(file.name)}
        </Typography>
      )}
      {file && kind === 'imageTag' && <FileImage url={file.url} alt={file.name} style={{ maxWidth: 200, height: 'auto' }} />}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
