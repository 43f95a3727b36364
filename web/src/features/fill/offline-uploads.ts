import type { UploadedFile } from '@/lib/api/types';
import type { FormValues } from '@/lib/form-logic';
import { thisDevice } from '@/lib/offline/device';
import { offlineEntries, readOfflineFile, replaceOfflineEntries, type KeptFile, type OfflineFileValue } from '@/lib/offline/offline-files';
import { nl } from '@/messages/nl';
import { findUploadedFile, uploadFile, type SendTarget } from './api';

/** A file of the registration is not on this device: the send cannot go ahead. */
export class OfflineFileUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfflineFileUnavailable';
  }
}

export interface FilesProgress {
  /** 1-based number of the file being uploaded. */
  number: number;
  total: number;
  percent: number;
}

/** The registration's values as they can be sent, and the kept files they now refer to. */
export interface UploadedValues {
  values: FormValues;
  fileIds: string[];
}

/**
 * Uploads the files a registration keeps on this device (decision 014), before it is sent: each
 * file the server already has from this uploader (found by its SHA-256) is not sent again, so an
 * interrupted attempt resumes where it stopped. Every file must be here before anything goes out;
 * the answers replace the offline entries, so the send refers only to files the server has.
 * Throws OfflineFileUnavailable, UploadError, or the network's error.
 */
export async function uploadOfflineFiles(target: SendTarget, values: FormValues, onProgress: (progress: FilesProgress) => void): Promise<UploadedValues> {
  const entries = [...new Map(offlineEntries(values).map((entry) => [entry.offline_id, entry])).values()];
  const kept: [OfflineFileValue, KeptFile][] = [];
  for (const entry of entries) {
    const file = await readOfflineFile(entry.offline_id);
    if (!file) {
      throw new OfflineFileUnavailable(
        entry.device_id === thisDevice().id ? nl.offlineFiles.sendMissing(entry.filename) : nl.offlineFiles.sendElsewhere(entry.filename, entry.device_name),
      );
    }
    kept.push([entry, file]);
  }
  const answers = new Map<string, UploadedFile>();
  for (const [index, [entry, { file, blob }]] of kept.entries()) {
    const progress = (percent: number) => onProgress({ number: index + 1, total: kept.length, percent });
    progress(0);
    const answer =
      (await findUploadedFile(target, file.sha256)) ??
      (await uploadFile(target, blob, file.filename, { hd: file.hd, image: file.image, sha256: file.sha256, onProgress: progress }));
    answers.set(entry.offline_id, answer);
  }
  const uploaded = replaceOfflineEntries(values, (entry) => answers.get(entry.offline_id) ?? entry) as FormValues;
  return { values: uploaded, fileIds: [...answers.keys()] };
}
