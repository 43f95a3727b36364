import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PageLoading } from '@/components/page-loading';
import type { FormElement } from '@/lib/form-logic';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import {
  addFavourite,
  errorLines,
  loadFavourites,
  removeFavourite,
  type FavouriteElement,
} from '../api';
import { FormPreview } from '../components/form-preview';
import { SaveHeader } from '../components/save-header';
import { SchemaEditor } from '../components/schema-editor';
import { EditorContext, type EditorContextValue } from '../editor-context';
import { invalidElements } from '../schema-check';
import { useEditedForm } from '../use-edited-form';

export const EDIT_PERMISSION = 'eform manage form edit';

/**
 * The element editor (spec 001 route form_edit, screen 8): the schema of the form with add
 * panel, favourites, edit dialog, reordering and a live preview; saved with PATCH of the whole
 * form (decision 010).
 */
export function FormEditRoute() {
  const t = nl.formEditor;
  const edited = useEditedForm({ permission: EDIT_PERMISSION, part: 'schema', logName: 'form editor', messages: t });
  const { access, formId, load, value: schema } = edited;
  const [favourites, setFavourites] = useState<FavouriteElement[]>([]);
  const clientId = access.clientId;

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

  const save = () => {
    const invalid = invalidElements(schema);
    void edited.save(invalid.length > 0 ? [t.invalidElements(invalid.join(', '))] : []);
  };

  return (
    <EditorContext.Provider value={context}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <SaveHeader messages={t} state={edited} onSave={save} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <SchemaEditor schema={schema} onChange={edited.change} depth={0} label={t.listLabel} />
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
