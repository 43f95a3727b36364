import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useEffect, useRef, useState } from 'react';
import { FileImage } from '@/components/authenticated-file';
import type { UploadedFile } from '@/lib/api/types';
import { formatBytes } from '@/lib/format';
import { useOnline } from '@/lib/offline/connectivity';
import { nl } from '@/messages/nl';
import { uploadFile, UploadError } from '../api';
import { useFillEnvironment } from '../fill-environment';
import { prepareUpload } from '../image-resize';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

interface PendingUpload {
  key: number;
  file: File;
  percent: number;
  error?: string;
}

function isUploadedFile(item: unknown): item is UploadedFile {
  return typeof item === 'object' && item !== null && typeof (item as UploadedFile).url === 'string';
}

let nextKey = 1;

/**
 * Files are uploaded as soon as they are chosen; the element's value is the list of upload
 * answers. Uploads in progress show their percentage, failed ones their error with a retry.
 */
function FileInput(props: ElementProps & { image: boolean }) {
  const { element, id, value, onChange, image } = props;
  const { target } = useFillEnvironment();
  const online = useOnline();
  const files = Array.isArray(value) ? value.filter(isUploadedFile) : [];
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Images just uploaded are previewed from the device: guests cannot fetch uploads back.
  const [localPreviews, setLocalPreviews] = useState<Record<string, string>>({});
  // Uploads finish one by one, each adding to the list as it is by then.
  const latest = useRef(files);
  latest.current = files;
  const controllers = useRef(new Set<AbortController>());
  const hd = element.hdImages === true;

  const previewUrls = useRef(localPreviews);
  previewUrls.current = localPreviews;

  useEffect(() => {
    const running = controllers.current;
    const previews = previewUrls;
    return () => {
      running.forEach((controller) => controller.abort());
      Object.values(previews.current).forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const update = (key: number, change: Partial<PendingUpload> | null) =>
    setPending((list) =>
      change === null ? list.filter((item) => item.key !== key) : list.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const upload = async (key: number, file: File) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    try {
      const { blob, filename } = await prepareUpload(file, hd);
      const answer = await uploadFile(target, blob, filename, {
        hd,
        image,
        signal: controller.signal,
        onProgress: (percent) => update(key, { percent }),
      });
      const next = [...latest.current, answer];
      latest.current = next;
      onChange(next);
      if (image) setLocalPreviews((previews) => ({ ...previews, [answer.fid]: URL.createObjectURL(blob) }));
      update(key, null);
    } catch (error) {
      if (controller.signal.aborted) return;
      update(key, { error: error instanceof UploadError ? error.message : nl.elements.uploadFailed(file.name) });
    } finally {
      controllers.current.delete(controller);
    }
  };

  const choose = (chosen: FileList | null) => {
    for (const file of Array.from(chosen ?? [])) {
      const key = nextKey++;
      setPending((list) => [...list, { key, file, percent: 0 }]);
      void upload(key, file);
    }
  };

  const remove = (fid: string) => {
    const preview = localPreviews[fid];
    if (preview) URL.revokeObjectURL(preview);
    const next = latest.current.filter((file) => file.fid !== fid);
    latest.current = next;
    onChange(next.length > 0 ? next : undefined);
  };

  return (
    <FieldGroup {...props}>
      {files.length > 0 && (
        <List dense disablePadding>
          {files.map((file) => (
            <ListItem
              key={file.fid}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={nl.elements.removeFile(file.filename)} onClick={() => remove(file.fid)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              {image && (
                <Box sx={{ mr: 2, width: 64, height: 64, flexShrink: 0 }}>
                  {localPreviews[file.fid] ? (
                    <img src={localPreviews[file.fid]} alt={nl.elements.imagePreview(file.filename)} width={64} height={64} style={{ objectFit: 'cover' }} />
                  ) : (
                    <FileImage url={file.url} alt={nl.elements.imagePreview(file.filename)} width={64} height={64} style={{ objectFit: 'cover' }} />
                  )}
                </Box>
              )}
              <ListItemText primary={file.filename} secondary={formatBytes(file.filesize)} />
            </ListItem>
          ))}
        </List>
      )}
      {pending.map((item) =>
        item.error ? (
          <Alert
            key={item.key}
            severity="error"
            sx={{ my: 1 }}
            action={
              <>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    update(item.key, { error: undefined, percent: 0 });
                    void upload(item.key, item.file);
                  }}
                >
                  {nl.errors.retry}
                </Button>
                <IconButton color="inherit" size="small" aria-label={nl.elements.removeFile(item.file.name)} onClick={() => update(item.key, null)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </>
            }
          >
            {item.error}
          </Alert>
        ) : (
          <Box key={item.key} sx={{ my: 1 }} role="status">
            <Typography variant="body2">{nl.elements.uploading(item.file.name, item.percent)}</Typography>
            <LinearProgress variant="determinate" value={item.percent} aria-label={item.file.name} />
          </Box>
        ),
      )}
      <Box sx={{ mt: 1 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={!online}>
          {image ? nl.elements.chooseImage : nl.elements.chooseFile}
          <input
            id={id}
            type="file"
            hidden
            multiple
            aria-label={element.label}
            accept={image ? 'image/*' : undefined}
            // useOnlyCamera: straight to the rear camera instead of the photo library.
            capture={image && element.useOnlyCamera ? 'environment' : undefined}
            disabled={!online}
            onChange={(event) => {
              choose(event.target.files);
              // The same file can be chosen again after a removal.
              event.target.value = '';
            }}
          />
        </Button>
        {!online && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {nl.elements.filesOfflineDisabled}
          </Typography>
        )}
      </Box>
    </FieldGroup>
  );
}

export function FileElement(props: ElementProps) {
  return <FileInput {...props} image={false} />;
}

export function ImageElement(props: ElementProps) {
  return <FileInput {...props} image />;
}
