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
import { isUnreachableError } from '@/lib/api';
import type { UploadedFile } from '@/lib/api/types';
import { formatBytes } from '@/lib/format';
import { saveFiles } from '@/lib/share';
import { isOnline, useOnline } from '@/lib/offline/connectivity';
import { thisDevice } from '@/lib/offline/device';
import {
  DeviceStoreFullError,
  isOfflineFileValue,
  keepOfflineFile,
  readOfflineFile,
  type OfflineFileValue,
} from '@/lib/offline/offline-files';
import { nl } from '@/messages/nl';
import { MAX_FILE_SIZE, uploadFailure, uploadFile, UploadError } from '../api';
import { useFillEnvironment } from '../fill-environment';
import { prepareUpload } from '../image-resize';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

interface PendingUpload {
  key: number;
  file: File;
  percent: number;
  error?: string;
  /** Why saving the file on the device did not work. */
  saveError?: string;
}

function isUploadedFile(item: unknown): item is UploadedFile {
  return typeof item === 'object' && item !== null && typeof (item as UploadedFile).url === 'string';
}

/** An entry of the field's value: an upload answer, or a file kept on a device (decision 014). */
type FileEntry = UploadedFile | OfflineFileValue;

function isFileEntry(item: unknown): item is FileEntry {
  return isUploadedFile(item) || isOfflineFileValue(item);
}

function entryKey(entry: FileEntry): string {
  return isOfflineFileValue(entry) ? entry.offline_id : entry.fid;
}

/**
 * A file kept on a device: previewed from the device store when it is here; otherwise a note
 * that says where it is, instead of a broken link.
 */
function useKeptFile(entry: OfflineFileValue | null): { url: string | null; here: boolean | null } {
  const [state, setState] = useState<{ id: string; url: string | null; here: boolean } | null>(null);
  const id = entry?.offline_id ?? null;
  useEffect(() => {
    if (id === null) return;
    let created: string | null = null;
    let cancelled = false;
    readOfflineFile(id)
      .then((kept) => {
        if (cancelled) return;
        created = kept && kept.file.filemime.startsWith('image/') ? URL.createObjectURL(kept.blob) : null;
        setState({ id, url: created, here: kept !== undefined });
      })
      .catch((error: unknown) => console.error('reading a file kept on this device failed', error));
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id]);
  return state !== null && state.id === id ? { url: state.url, here: state.here } : { url: null, here: null };
}

function FileRow({ entry, image, localPreview, onRemove }: { entry: FileEntry; image: boolean; localPreview?: string; onRemove(): void }) {
  const offline = isOfflineFileValue(entry) ? entry : null;
  const kept = useKeptFile(offline);
  const alt = nl.elements.imagePreview(entry.filename);
  const preview = localPreview ?? kept.url;
  let note: string | null = null;
  if (offline && kept.here === true) note = nl.offlineFiles.keptHere;
  if (offline && kept.here === false) {
    note = offline.device_id === thisDevice().id ? nl.offlineFiles.missing : nl.offlineFiles.elsewhere(offline.device_name);
  }
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <IconButton edge="end" aria-label={nl.elements.removeFile(entry.filename)} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      }
    >
      {image && (
        <Box sx={{ mr: 2, width: 64, height: 64, flexShrink: 0 }}>
          {preview ? (
            <img src={preview} alt={alt} width={64} height={64} style={{ objectFit: 'cover' }} />
          ) : (
            !offline && <FileImage url={(entry as UploadedFile).url} alt={alt} width={64} height={64} style={{ objectFit: 'cover' }} />
          )}
        </Box>
      )}
      <ListItemText
        primary={entry.filename}
        secondary={note ? `${formatBytes(entry.filesize)} · ${note}` : formatBytes(entry.filesize)}
        slotProps={{ secondary: { color: offline && kept.here === false ? 'warning.main' : 'text.secondary' } }}
      />
    </ListItem>
  );
}

let nextKey = 1;

/** Known to be offline before trying: straight to the device store. */
class OfflineNow extends Error {}

/**
 * Files are uploaded as soon as they are chosen; the element's value is the list of upload
 * answers. Uploads in progress show their percentage, failed ones their error with a retry. A
 * signed-in user without a connection to the server gets the file kept on the device instead
 * (decision 014): it is uploaded when the registration is sent.
 */
function FileInput(props: ElementProps & { image: boolean }) {
  const { element, id, value, onChange, image } = props;
  const { target } = useFillEnvironment();
  const online = useOnline();
  // Guests cannot save a registration on the device, so neither a file.
  const canKeep = target.kind === 'user';
  const files = Array.isArray(value) ? value.filter(isFileEntry) : [];
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Images just uploaded are previewed from the device: guests cannot fetch uploads back.
  const [localPreviews, setLocalPreviews] = useState<Record<string, string>>({});
  // Uploads finish one by one, each adding to the list as it is by then.
  const latest = useRef(files);
  latest.current = files;
  const controllers = useRef(new Set<AbortController>());
  const hd = element.hdImages === true;

  const previewUrls = useRef(localPreviews);
  const chooser = useRef<HTMLInputElement>(null);
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

  const add = (entry: FileEntry) => {
    const next = [...latest.current, entry];
    latest.current = next;
    onChange(next);
  };

  /** Keeps the prepared file on the device; the entry, or the Dutch reason it could not be kept. */
  const keep = async (blob: Blob, filename: string): Promise<OfflineFileValue | string> => {
    // What the server would refuse for an image field, refused now rather than at the send.
    if (image && !blob.type.startsWith('image/')) return nl.elements.notAnImage;
    if (blob.size > MAX_FILE_SIZE) return nl.elements.fileTooLarge;
    try {
      return await keepOfflineFile(blob, filename, { image, hd });
    } catch (error) {
      if (error instanceof DeviceStoreFullError) return nl.offlineFiles.storeFull;
      console.error('keeping a file on this device failed', error);
      return nl.offlineFiles.keepFailed(filename);
    }
  };

  const upload = async (key: number, file: File) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    try {
      const { blob, filename } = await prepareUpload(file, hd);
      let entry: FileEntry | string;
      try {
        if (canKeep && !isOnline()) throw new OfflineNow();
        entry = await uploadFile(target, blob, filename, {
          hd,
          image,
          signal: controller.signal,
          onProgress: (percent) => update(key, { percent }),
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        const unreachable = error instanceof OfflineNow || isUnreachableError(error);
        if (!canKeep || !unreachable) throw error;
        entry = await keep(blob, filename);
      }
      if (typeof entry === 'string') {
        update(key, { error: entry });
        return;
      }
      add(entry);
      if (image) setLocalPreviews((previews) => ({ ...previews, [entryKey(entry)]: URL.createObjectURL(blob) }));
      update(key, null);
    } catch (error) {
      if (controller.signal.aborted) return;
      update(key, { error: error instanceof UploadError ? error.message : uploadFailure(file.name, image) });
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

  const remove = (entry: FileEntry) => {
    const key = entryKey(entry);
    const preview = localPreviews[key];
    if (preview) URL.revokeObjectURL(preview);
    // A kept file stays in the device store: a saved copy of the registration may still refer
    // to it. The purge removes it once nothing does (decision 014).
    const next = latest.current.filter((file) => entryKey(file) !== key);
    latest.current = next;
    onChange(next.length > 0 ? next : undefined);
  };

  return (
    <FieldGroup {...props}>
      {files.length > 0 && (
        <List dense disablePadding>
          {files.map((file) => (
            <FileRow key={entryKey(file)} entry={file} image={image} localPreview={localPreviews[entryKey(file)]} onRemove={() => remove(file)} />
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
                    update(item.key, { error: undefined, saveError: undefined, percent: 0 });
                    void upload(item.key, item.file);
                  }}
                >
                  {nl.errors.retry}
                </Button>
                {/* A photo that will not upload can still be kept on the phone (spec 000 section 8). */}
                {image && (
                  <Button
                    color="inherit"
                    size="small"
                    aria-label={nl.elements.saveFileOf(item.file.name)}
                    onClick={() => {
                      void saveFiles([item.file]).then((saveError) => update(item.key, { saveError: saveError ?? undefined }));
                    }}
                  >
                    {nl.elements.saveFile}
                  </Button>
                )}
                <IconButton color="inherit" size="small" aria-label={nl.elements.removeFile(item.file.name)} onClick={() => update(item.key, null)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </>
            }
          >
            {item.error}
            {item.saveError && <Box sx={{ mt: 0.5 }}>{item.saveError}</Box>}
          </Alert>
        ) : (
          <Box key={item.key} sx={{ my: 1 }} role="status">
            <Typography variant="body2">{nl.elements.uploading(item.file.name, item.percent)}</Typography>
            <LinearProgress variant="determinate" value={item.percent} aria-label={item.file.name} />
          </Box>
        ),
      )}
      <Box sx={{ mt: 1 }}>
        {/* A real button that opens the chooser: a label made a button is no button to a
            screen reader or keyboard, and ARIA does not allow the role there. */}
        <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={!online && !canKeep} onClick={() => chooser.current?.click()}>
          {image ? nl.elements.chooseImage : nl.elements.chooseFile}
        </Button>
        <input
          ref={chooser}
          id={id}
          type="file"
          hidden
          multiple
          aria-label={element.label}
          accept={image ? 'image/*' : undefined}
          // useOnlyCamera: straight to the rear camera instead of the photo library.
          capture={image && element.useOnlyCamera ? 'environment' : undefined}
          disabled={!online && !canKeep}
          onChange={(event) => {
            choose(event.target.files);
            // The same file can be chosen again after a removal.
            event.target.value = '';
          }}
        />
        {!online && !canKeep && (
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
