/**
 * The checks of the datasource form (spec 002 section 5), repeated from the server so the user
 * hears of a problem before anything is uploaded; the server checks all of them again.
 */
import { nl } from '@/messages/nl-admin';
import { CRS_OPTIONS, type DatasourceKind } from './api';

const t = nl.datasources.form;

/** Spec 000 section 5: each file at most 20 MB; the server refuses bigger ones too. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * What the file input offers. The spec names CSV; the server also reads the first sheet of an
 * Excel workbook (decision 023), so `.xlsx` is offered as well.
 */
export const FILE_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The spec's text for a file that is neither CSV nor Excel, by its extension; undefined when it is one. */
export function fileProblem(file: File): string | undefined {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return t.fileType;
  if (file.size > MAX_FILE_BYTES) return t.fileTooLarge;
  return undefined;
}

export interface DatasourceDraft {
  name: string;
  crs: string;
  file: File | null;
}

export type DraftErrors = Partial<Record<keyof DatasourceDraft, string>>;

/**
 * The problems of a draft: a name, a coordinate system for map features, and a file that is CSV
 * or Excel. A new datasource needs a file; an edit keeps the current one without.
 */
export function checkDraft(kind: DatasourceKind, draft: DatasourceDraft, isNew: boolean): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.name.trim() === '') errors.name = t.nameRequired;
  if (kind === 'map_features' && !(CRS_OPTIONS as readonly string[]).includes(draft.crs)) errors.crs = t.crsRequired;
  if (draft.file) {
    const problem = fileProblem(draft.file);
    if (problem) errors.file = problem;
  } else if (isNew) {
    errors.file = t.fileRequired;
  }
  return errors;
}
