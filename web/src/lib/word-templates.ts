/**
 * The Word templates a form's e-mail settings use (spec 001 sections 3 and 4). The E-mails tab
 * writes them and the form shell watches their processing, so the reading lives here, once,
 * as the server reads it (domain/src/notifications.rs `word_attachment`).
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The template's file id: `fid`, `file_id`, or the id itself. */
export function wordFileId(upload: unknown): string {
  if (typeof upload === 'string') return upload;
  if (typeof upload !== 'object' || upload === null) return '';
  const { fid, file_id } = upload as { fid?: unknown; file_id?: unknown };
  return text(fid) || text(file_id);
}

/**
 * The templates the server processes for these e-mail settings: those of settings that send a
 * Word attachment (a switched-off setting keeps its upload but does not use it). Each id once.
 */
export function referencedWordFiles(emailSettings: unknown): string[] {
  if (!Array.isArray(emailSettings)) return [];
  const ids = new Set<string>();
  for (const setting of emailSettings as unknown[]) {
    if (typeof setting !== 'object' || setting === null) continue;
    const { email_send_word_attachment, word_upload } = setting as Record<string, unknown>;
    const id = email_send_word_attachment === true ? wordFileId(word_upload) : '';
    if (id) ids.add(id);
  }
  return [...ids].sort();
}

/** Spec 001 section 5: a Word template must be a .docx file. */
export function isDocx(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.docx');
}
