import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { LeaveGuard } from '@/features/fill/components/leave-guard';
import type { FormElement } from '@/lib/form-logic';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import {
  addFavourite,
  errorLines,
  loadAdminForm,
  loadFavourites,
  removeFavourite,
  saveAdminForm,
  type AdminForm,
  type FavouriteElement,
} from '../api';
import { FormPreview } from '../components/form-preview';
import { SchemaEditor } from '../components/schema-editor';
import { EditorContext, type EditorContextValue } from '../editor-context';
import { invalidElements } from '../schema-check';
import { useEditorAccess } from '../use-editor-access';

export const EDIT_PERMISSION = 'eform manage form edit';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; form: AdminForm };

/**
 * The element editor (spec 001 route form_edit, screen 8): the schema of the form with add
 * panel, favourites, edit dialog, reordering and a live preview; saved with PATCH of the whole
 * form (decision 010).
 */
export function FormEditRoute() {
  const { form_id: formId = '' } = useParams();
  const access = useEditorAccess(EDIT_PERMISSION);
  const t = nl.formEditor;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [schema, setSchema] = useState<FormElement[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [favourites, setFavourites] = useState<FavouriteElement[]>([]);
  const clientId = access.clientId;

  useEffect(() => {
    if (!access.allowed) return;
    const controller = new AbortController();
    loadAdminForm(formId, controller.signal).then(
      (form) => {
        setLoad({ status: 'ready', form });
        setSchema(form.schema ?? []);
        setDirty(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('form editor: loading the form failed', error);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [formId, access.allowed]);

  useEffect(() => {
    if (!access.allowed || !clientId) return;
    let live = true;
    loadFavourites(clientId).then(
      (list) => live && setFavourites(list),
      // Spec 001 section 8: other load failures are only logged.
      (error: unknown) => console.error('form editor: loading favourites failed', error),
    );
    return () => {
      live = false;
    };
  }, [clientId, access.allowed]);

  const saveFavourite = useCallback(
    async (name: string, element: FormElement) => {
      if (name.trim() === '') {
        showToast(t.favouriteNameRequired, { severity: 'error' });
        return false;
      }
      if (!clientId) return false;
      try {
        const favourite = await addFavourite(clientId, name.trim(), element);
        setFavourites((list) => [favourite, ...list]);
        showToast(t.favouriteSaved, { severity: 'success' });
        return true;
      } catch (error) {
        showToast(errorLines(error)[0] ?? t.favouriteSaveFailed, { severity: 'error' });
        return false;
      }
    },
    [clientId, t],
  );
  const dropFavourite = useCallback(
    async (favourite: FavouriteElement) => {
      if (!clientId) return;
      try {
        await removeFavourite(clientId, favourite.uuid);
        setFavourites((list) => list.filter((item) => item.uuid !== favourite.uuid));
        showToast(t.favouriteRemoved, { severity: 'success' });
      } catch {
        showToast(t.favouriteRemoveFailed, { severity: 'error' });
      }
    },
    [clientId, t],
  );

  const rules = load.status === 'ready' ? load.form.rules : null;
  const context = useMemo<EditorContextValue | null>(
    () =>
      clientId
        ? {
            clientId,
            formId,
            admin: access.admin,
            modules: access.modules,
            favourites,
            rules: rules ?? [],
            saveFavourite,
            removeFavourite: dropFavourite,
          }
        : null,
    [clientId, formId, access.admin, access.modules, favourites, rules, saveFavourite, dropFavourite],
  );

  if (!access.allowed) return null;
  if (load.status === 'loading' || !context) return <PageLoading />;
  if (load.status === 'failed') return <Alert severity="error">{t.loadFailed}</Alert>;
  const form = load.form;

  const change = (next: FormElement[]) => {
    setSchema(next);
    setDirty(true);
    setProblems([]);
  };

  const save = async () => {
    const invalid = invalidElements(schema);
    if (invalid.length > 0) {
      setProblems([t.invalidElements(invalid.join(', '))]);
      showToast(t.saveFailed, { severity: 'error' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveAdminForm({ ...form, schema });
      setLoad({ status: 'ready', form: saved });
      setSchema(saved.schema ?? schema);
      setDirty(false);
      setProblems([]);
      showToast(t.saved, { severity: 'success' });
    } catch (error) {
      setProblems(errorLines(error));
      showToast(t.saveFailed, { severity: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditorContext.Provider value={context}>
      <LeaveGuard active={dirty} />
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            {t.title}
          </Typography>
          {dirty && <Typography color="warning.main">{t.unsaved}</Typography>}
          <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </Stack>
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t.saveFailed}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <SchemaEditor schema={schema} onChange={change} depth={0} label={t.listLabel} />
          <FormPreview
            key={form.form_id}
            title={t.preview}
            schema={schema}
            rules={form.rules ?? []}
            clientId={context.clientId}
            defaults={form.values}
          />
        </Box>
      </Box>
    </EditorContext.Provider>
  );
}
