import type { FillableForm } from '@/lib/api/types';
import { renderSummary, type FormValues } from '@/lib/form-logic';
import { localParts } from '@/lib/format';

/**
 * The 'Samenvatting' of a registration saved on this device (spec 000 screen 8), rendered the way
 * the server renders a sent registration's summary (`api/src/routes/send.rs`): the form's
 * `form_summary` with its tokens, or '{serial} - {date}' without one. Registration tokens read the
 * save time (device time, 'YYYY-MM-DD HH:mm' as the server passes it), the signed-in username and
 * the form name; a saved registration has no serial number yet, so that part stays empty. Without
 * it several saved entries of one form would look the same in the list.
 */
export function savedSummary(
  form: Pick<FillableForm, 'form_summary' | 'form_name' | 'schema'>,
  /** The values as they would be sent (hidden elements left out), like the server's. */
  values: FormValues,
  username: string | undefined,
  savedAt: Date,
): string {
  const { date, time } = localParts(savedAt);
  return renderSummary(form.form_summary, {
    schema: form.schema,
    values,
    registration: { date: `${date} ${time}`, username: username ?? null, formName: form.form_name, serialNumber: null },
  });
}
