import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { showToast } from '@/lib/toast';
import { errorLines, loadAdminForm, saveAdminForm, type AdminForm } from './api';
import { useEditorAccess, type EditorAccess } from './use-editor-access';

/** The part of the form a builder page edits; the rest of the form goes back as it came. */
export type EditedPart = 'schema' | 'rules';
type PartValue<K extends EditedPart> = NonNullable<AdminForm[K]>;

type FormLoad = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; form: AdminForm };

interface EditedFormOptions<K extends EditedPart> {
  /** What the page needs; without it nothing is loaded and the user is sent away. */
  permission: string;
  part: K;
  /** Names the page in the console when loading fails. */
  logName: string;
  messages: { saved: string; saveFailed: string };
}

export interface EditedForm<K extends EditedPart> {
  access: EditorAccess;
  /** From the route (`/admin/form/:form_id/...`). */
  formId: string;
  load: FormLoad;
  value: PartValue<K>;
  dirty: boolean;
  saving: boolean;
  /** Why the last save did not go through: the page's own check or the server's answer. */
  problems: string[];
  change(next: PartValue<K>): void;
  /** Saves unless `blockers` names problems found before; resolves true when saved. */
  save(blockers: string[]): Promise<boolean>;
}

/**
 * The form of a builder page (spec 001 screens 8 and 9): the one the route names, loaded once the
 * user may edit it, one part of it edited, saved with PATCH of the whole form (decision 010). The
 * element and the rules editor share it so both load, mark unsaved changes and report save
 * problems the same way.
 */
export function useEditedForm<K extends EditedPart>({
  permission,
  part,
  logName,
  messages,
}: EditedFormOptions<K>): EditedForm<K> {
  const { form_id: formId = '' } = useParams();
  const access = useEditorAccess(permission);
  const [load, setLoad] = useState<FormLoad>({ status: 'loading' });
  const [value, setValue] = useState<PartValue<K>>([] as PartValue<K>);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (!access.allowed) return;
    const controller = new AbortController();
    loadAdminForm(formId, controller.signal).then(
      (form) => {
        setLoad({ status: 'ready', form });
        setValue((form[part] ?? []) as PartValue<K>);
        setDirty(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`${logName}: loading the form failed`, error);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [formId, part, access.allowed, logName]);

  const change = (next: PartValue<K>) => {
    setValue(next);
    setDirty(true);
    setProblems([]);
  };

  const save = async (blockers: string[]) => {
    if (load.status !== 'ready') return false;
    if (blockers.length > 0) {
      setProblems(blockers);
      showToast(messages.saveFailed, { severity: 'error' });
      return false;
    }
    setSaving(true);
    try {
      const saved = await saveAdminForm({ ...load.form, [part]: value });
      setLoad({ status: 'ready', form: saved });
      setValue((saved[part] ?? value) as PartValue<K>);
      setDirty(false);
      setProblems([]);
      showToast(messages.saved, { severity: 'success' });
      return true;
    } catch (error) {
      setProblems(errorLines(error));
      showToast(messages.saveFailed, { severity: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { access, formId, load, value, dirty, saving, problems, change, save };
}
