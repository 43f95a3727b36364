import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { paths } from '@/config/paths';
import { canBeRequired, type FormElement } from '@/lib/form-logic';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { loadAssignedUsers } from '@/features/fill/api';
import { loadDatasources, loadPublishedForms } from '../api';
import { useEditorContext } from '../editor-context';
import { hasRule, normalizeFormula, ruleText, withLabel, withRule, withRuleValue } from '../element-model';
import { CHOICE_TYPES, typeLabel } from '../element-types';
import { checkElement } from '../element-validation';
import { MapSettingsFields, type MapSettings } from './map-settings-fields';
import { useRemoteOptions } from '../use-remote-options';
import { OptionsEditor } from './options-editor';
import { RemoteSelectField } from './remote-select-field';
import { SchemaEditor } from './schema-editor';
import { StyleListEditor, type ColorStyle } from './style-list-editor';
import { UploadField, type StoredFile } from './upload-field';

interface ElementEditDialogProps {
  element: FormElement;
  /** A new element's name follows its label until the name is edited by hand. */
  isNew: boolean;
  /** The other data names of the same level. */
  otherNames: readonly string[];
  /** Rules that use the element's saved name: renaming it breaks them, so a warning shows. */
  rulesUsingName?: readonly string[];
  /** Nesting depth: subform dialogs are the narrower 800 (spec 001 section 9). */
  depth: number;
  onDone(element: FormElement): void;
  onCancel(): void;
}

const INPUT_TYPES: ReadonlySet<string> = new Set([
  'text', 'textarea', 'number', 'email', 'date', 'time', 'datetime', 'checkbox_single', 'checkbox_multiple',
  'radio', 'select', 'file', 'image', 'signature', 'map', 'gps', 'tracking', 'qrCodeScanner', 'search',
  'linkedForm', 'subform', 'calculation', 'computed',
]);
const PLACEHOLDER_TYPES: ReadonlySet<string> = new Set(['text', 'textarea', 'number', 'email']);
const REMEMBER_TYPES: ReadonlySet<string> = new Set([
  'text', 'textarea', 'number', 'email', 'date', 'time', 'datetime', 'checkbox_single', 'checkbox_multiple', 'radio', 'select',
]);
const DATE_TYPES: ReadonlySet<string> = new Set(['date', 'time', 'datetime']);
const PHASES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

function fileOf(element: FormElement): StoredFile | null {
  const file = element.file as Partial<StoredFile> | null | undefined;
  return file && typeof file.url === 'string' ? { fid: file.fid, url: file.url, name: file.name ?? file.url } : null;
}

/**
 * The element edit dialog (spec 001 screen 8): every Element field that applies to the type,
 * checked by `checkElement`. 'Klaar' hands back the element only when it has no errors; while a
 * file uploads the dialog stays open.
 */
export function ElementEditDialog({ element, isNew, otherNames, rulesUsingName = [], depth, onDone, onCancel }: ElementEditDialogProps) {
  const t = nl.formEditor;
  const { saveFavourite, clientId, formId } = useEditorContext();
  const titleId = useId();
  const idPrefix = useId().replace(/:/g, '');
  const [draft, setDraft] = useState<FormElement>(element);
  const [followsLabel, setFollowsLabel] = useState(isNew);
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [favouriteName, setFavouriteName] = useState('');
  const type = draft.elementType;
  const toOptions = (list: { id: string; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));
  const assignees = useRemoteOptions(
    type === 'stateTransition'
      ? () => loadAssignedUsers(formId).then((list) => list.map((user) => ({ value: user.user_id, label: user.email })))
      : null,
    `assignees-${type}-${formId}`,
  );
  const publishedForms = useRemoteOptions(type === 'linkedForm' ? () => loadPublishedForms(clientId) : null, `forms-${type}-${clientId}`);
  const datasources = useRemoteOptions(
    type === 'map' || type === 'search'
      ? () => loadDatasources(type === 'map' ? 'map_features' : 'search', clientId).then(toOptions)
      : null,
    `datasources-${type}-${clientId}`,
  );
  const searchSettings = (draft.searchSettings ?? {}) as {
    datasourceId?: string;
    itemAction?: string;
    itemStyles?: ColorStyle[];
    [extra: string]: unknown;
  };
  const { errors, warnings } = checkElement(draft, otherNames);
  // The data name's uniqueness is warned about at once; other problems after the first 'Klaar'.
  const shown = submitted ? errors : errors.name === t.dataNameNotUnique ? { name: errors.name } : {};
  const patch = (changes: Partial<FormElement>) => setDraft((current) => ({ ...current, ...changes }));
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  const close = () => {
    if (uploading) {
      showToast(t.uploadBusy, { severity: 'error' });
      return;
    }
    onCancel();
  };
  const done = () => {
    if (uploading) {
      showToast(t.uploadBusy, { severity: 'error' });
      return;
    }
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    onDone(draft);
  };
  const storeFavourite = async () => {
    if (await saveFavourite(favouriteName, draft)) setFavouriteName('');
  };

  const checkbox = (field: keyof FormElement & string, label: string) => (
    <FormControlLabel
      control={<Checkbox checked={draft[field] === true} onChange={(event) => patch({ [field]: event.target.checked })} />}
      label={label}
    />
  );
  const ruleField = (rule: string, label: string) => (
    <TextField
      id={`${idPrefix}-${rule}`}
      label={label}
      value={ruleText(draft, rule)}
      onChange={(event) => setDraft((current) => withRuleValue(current, rule, event.target.value))}
      error={Boolean(shown[`validation.${rule}`])}
      helperText={shown[`validation.${rule}`]}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  );
  const section = (title: string, children: ReactNode) => (
    <Box component="section">
      <Divider sx={{ my: 1 }} />
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );

  return (
    <SizedDialog open width={depth > 0 ? 800 : 950} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.dialogTitle(typeLabel(type))}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {submitted && Object.keys(errors).length > 0 && <Alert severity="error">{t.checkElement}</Alert>}
          <TextField
            id={`${idPrefix}-label`}
            label={type === 'header' ? t.fieldHeaderText : t.fieldLabel}
            value={draft.label ?? ''}
            onChange={(event) => setDraft((current) => withLabel(current, event.target.value, followsLabel, otherNames))}
            error={Boolean(shown.label)}
            helperText={shown.label}
            required={!['staticText', 'imageTag', 'staticFile'].includes(type)}
            autoFocus
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              id={`${idPrefix}-name`}
              label={t.fieldName}
              value={draft.name}
              onChange={(event) => patch({ name: event.target.value })}
              error={Boolean(shown.name)}
              helperText={shown.name ?? t.fieldNameHelp}
              slotProps={{ htmlInput: { readOnly: followsLabel, spellCheck: false } }}
              required
              fullWidth
            />
            {isNew && (
              <FormControlLabel
                sx={{ flexShrink: 0 }}
                control={<Switch checked={!followsLabel} onChange={(event) => setFollowsLabel(!event.target.checked)} />}
                label={t.advancedEdit}
              />
            )}
          </Stack>

          {draft.name !== element.name && rulesUsingName.length > 0 && (
            <Alert severity="warning">{t.renameUsedInRules(rulesUsingName.join(', '))}</Alert>
          )}

          {type === 'header' && (
            <TextField
              id={`${idPrefix}-component`}
              select
              label={t.fieldComponent}
              value={draft.component ?? 'h2'}
              onChange={(event) => patch({ component: event.target.value as FormElement['component'] })}
            >
              {(['h1', 'h2', 'h3', 'h4'] as const).map((level) => (
                <MenuItem key={level} value={level}>
                  {level.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
          )}

          {INPUT_TYPES.has(type) && (
            <TextField
              id={`${idPrefix}-help`}
              label={t.fieldHelp}
              value={text(draft.help)}
              onChange={(event) => patch({ help: event.target.value })}
              multiline
              fullWidth
            />
          )}
          {PLACEHOLDER_TYPES.has(type) && (
            <TextField
              id={`${idPrefix}-placeholder`}
              label={t.fieldPlaceholder}
              value={text(draft.placeholder)}
              onChange={(event) => patch({ placeholder: event.target.value })}
              fullWidth
            />
          )}

          {canBeRequired(type) && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={hasRule(draft, 'required')}
                  onChange={(event) =>
                    setDraft((current) => withRule(current, 'required', event.target.checked ? {} : undefined))
                  }
                />
              }
              label={t.fieldRequired}
            />
          )}

          {(type === 'text' || type === 'textarea') && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {ruleField('minLength', t.fieldMinLength)}
              {ruleField('maxLength', t.fieldMaxLength)}
            </Stack>
          )}
          {type === 'number' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {ruleField('min', t.fieldMin)}
              {ruleField('max', t.fieldMax)}
            </Stack>
          )}
          {type === 'textarea' && (
            <TextField
              id={`${idPrefix}-rows`}
              label={t.fieldRows}
              type="number"
              value={draft.rows ?? ''}
              onChange={(event) => patch({ rows: event.target.value === '' ? null : Number(event.target.value) })}
              error={Boolean(shown.rows)}
              helperText={shown.rows}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
          )}

          {CHOICE_TYPES.has(type) && (
            <OptionsEditor
              options={draft.options ?? []}
              onChange={(options) => patch({ options })}
              errors={shown}
              warnings={warnings}
              idPrefix={idPrefix}
            />
          )}

          {INPUT_TYPES.has(type) && (
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              {REMEMBER_TYPES.has(type) && checkbox('rememberInput', t.fieldRememberInput)}
              {DATE_TYPES.has(type) && checkbox('defaultDateNow', t.fieldDefaultDateNow)}
              {checkbox('visuallyHidden', t.fieldVisuallyHidden)}
            </Box>
          )}

          {(type === 'file' || type === 'image') && (
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              {type === 'image' && checkbox('useOnlyCamera', t.fieldUseOnlyCamera)}
              {type === 'image' && checkbox('hdImages', t.fieldHdImages)}
              {checkbox('fileDoRename', t.fieldFileDoRename)}
              {draft.fileDoRename === true && (
                <TextField
                  id={`${idPrefix}-rename`}
                  label={t.fieldFileNewName}
                  value={text(draft.fileNewName)}
                  onChange={(event) => patch({ fileNewName: event.target.value })}
                  error={Boolean(shown.fileNewName)}
                  helperText={shown.fileNewName}
                  required
                  sx={{ mt: 1 }}
                />
              )}
            </Box>
          )}

          {type === 'signature' && (
            <>
              <TextField
                id={`${idPrefix}-signature-size`}
                select
                label={t.fieldSignatureSize}
                value={draft.signatureSize === 'big' ? 'big' : 'normal'}
                onChange={(event) => patch({ signatureSize: event.target.value })}
              >
                <MenuItem value="normal">{t.signatureNormal}</MenuItem>
                <MenuItem value="big">{t.signatureBig}</MenuItem>
              </TextField>
              {checkbox('signatureLoadEnabled', t.fieldSignatureLoad)}
            </>
          )}

          {type === 'calculation' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                id={`${idPrefix}-formula`}
                label={t.fieldFormula}
                value={draft.formula ?? ''}
                onChange={(event) => patch({ formula: normalizeFormula(event.target.value) })}
                error={Boolean(shown.formula)}
                helperText={shown.formula ?? t.fieldFormulaHelp}
                required
                fullWidth
              />
              <TextField
                id={`${idPrefix}-formatter`}
                select
                label={t.fieldNumberFormatter}
                value={draft.number_formatter ?? 'none'}
                onChange={(event) => patch({ number_formatter: event.target.value as 'none' | 'price' })}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="none">{t.formatterNone}</MenuItem>
                <MenuItem value="price">{t.formatterPrice}</MenuItem>
              </TextField>
            </Stack>
          )}

          {type === 'computed' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <RemoteSelectField
                id={`${idPrefix}-element-to-watch`}
                label={t.fieldElementToWatch}
                value={text(draft.elementToWatch)}
                onChange={(elementToWatch) => patch({ elementToWatch })}
                options={otherNames.map((name) => ({ value: name, label: name }))}
              />
              <TextField
                id={`${idPrefix}-parser-type`}
                select
                label={t.fieldParserType}
                value={text(draft.parserType)}
                onChange={(event) => patch({ parserType: event.target.value })}
                fullWidth
              >
                {/* The line each reads is the domain's (domain/src/computed.rs). */}
                <MenuItem value="lamp_amount">{t.parserLampAmount}</MenuItem>
                <MenuItem value="color_temperature">{t.parserColorTemperature}</MenuItem>
              </TextField>
            </Stack>
          )}

          {(type === 'subform' || type === 'linkedForm') && (
            <TextField
              id={`${idPrefix}-registration-label`}
              label={t.fieldRegistrationLabel}
              value={text(draft.registrationLabel)}
              onChange={(event) => patch({ registrationLabel: event.target.value })}
              error={Boolean(shown.registrationLabel)}
              helperText={shown.registrationLabel}
              required
              fullWidth
            />
          )}
          {type === 'linkedForm' && (
            <RemoteSelectField
              id={`${idPrefix}-form-id`}
              label={t.fieldFormId}
              value={text(draft.formId)}
              onChange={(formId) => patch({ formId })}
              options={publishedForms}
            />
          )}
          {type === 'subform' && (
            <>
              <TextField
                id={`${idPrefix}-summary-text`}
                label={t.fieldSummaryText}
                value={text(draft.summaryText)}
                onChange={(event) => patch({ summaryText: event.target.value })}
                multiline
                fullWidth
              />
              {section(
                t.subformElements,
                <SchemaEditor
                  schema={draft.subform?.schema ?? []}
                  onChange={(schema) => setDraft((current) => ({ ...current, subform: { ...current.subform, schema } }))}
                  depth={depth + 1}
                  label={t.subformElements}
                />,
              )}
            </>
          )}

          {type === 'stateTransition' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                id={`${idPrefix}-next-phase`}
                select
                label={t.fieldNextPhase}
                value={String(draft.next_phase ?? '0')}
                onChange={(event) => patch({ next_phase: event.target.value })}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="0">{t.noPhase}</MenuItem>
                {PHASES.map((phase) => (
                  <MenuItem key={phase} value={String(phase)}>
                    {t.phase(phase)}
                  </MenuItem>
                ))}
              </TextField>
              <RemoteSelectField
                id={`${idPrefix}-assign`}
                label={t.fieldAssignToUser}
                value={text(draft.assign_to_user) || '0'}
                onChange={(user) => patch({ assign_to_user: user === '' ? '0' : user })}
                options={assignees}
                fixed={[{ value: '0', label: t.nobody }]}
              />
            </Stack>
          )}

          {(type === 'map' || type === 'gps') && (
            <MapSettingsFields
              kind={type}
              settings={(draft.mapSettings ?? {}) as MapSettings}
              onChange={(mapSettings) => patch({ mapSettings })}
              errors={shown}
              idPrefix={idPrefix}
              datasources={datasources}
              dataNames={otherNames}
              guestMapLink={`${window.location.origin}${paths.guest_map_form.build({ form_id: formId, element_name: draft.name })}`}
            />
          )}
          {/* tracking: section 3 names mapSettings.tracking without any fields, so there is nothing to edit; a stored value is kept. */}

          {type === 'search' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <RemoteSelectField
                id={`${idPrefix}-search-datasource`}
                label={t.searchDatasource}
                value={searchSettings.datasourceId ?? ''}
                onChange={(datasourceId) => patch({ searchSettings: { ...searchSettings, datasourceId } })}
                options={datasources}
              />
              <TextField
                id={`${idPrefix}-search-action`}
                select
                label={t.searchItemAction}
                value={searchSettings.itemAction ?? 'doNothing'}
                onChange={(event) => patch({ searchSettings: { ...searchSettings, itemAction: event.target.value } })}
                fullWidth
              >
                <MenuItem value="doNothing">{t.searchDoNothing}</MenuItem>
                <MenuItem value="setHidden">{t.searchSetHidden}</MenuItem>
              </TextField>
            </Stack>
          )}
          {type === 'search' && (
            <StyleListEditor
              textKey="text"
              styles={searchSettings.itemStyles ?? []}
              onChange={(itemStyles) => patch({ searchSettings: { ...searchSettings, itemStyles } })}
              errors={shown}
              errorPath="searchSettings.itemStyles"
              idPrefix={`${idPrefix}-item-style`}
              labels={{
                title: t.itemStyles,
                text: t.itemStyleText,
                color: t.itemStyleColor,
                colorHelp: t.styleColorHelp,
                add: t.addItemStyle,
                remove: t.removeItemStyle,
              }}
            />
          )}

          {type === 'staticText' && (
            <TextField
              id={`${idPrefix}-static-text`}
              label={t.fieldStaticText}
              value={draft.staticText ?? ''}
              onChange={(event) => patch({ staticText: event.target.value })}
              multiline
              minRows={4}
              fullWidth
            />
          )}

          {(type === 'imageTag' || type === 'staticFile') && (
            <UploadField
              kind={type}
              clientId={clientId}
              file={fileOf(draft)}
              onUploaded={(file) => patch({ file })}
              onBusyChange={setUploading}
              error={shown.file}
              idPrefix={idPrefix}
            />
          )}
          {type === 'imageTag' && (
            <Stack direction="row" spacing={2}>
              {(['width', 'height'] as const).map((side) => {
                const image = (draft.image ?? {}) as { width?: unknown; height?: unknown };
                return (
                  <TextField
                    key={side}
                    id={`${idPrefix}-image-${side}`}
                    label={side === 'width' ? t.fieldImageWidth : t.fieldImageHeight}
                    type="number"
                    value={image[side] ?? ''}
                    onChange={(event) =>
                      patch({ image: { ...image, [side]: event.target.value === '' ? undefined : Number(event.target.value) } })
                    }
                    slotProps={{ htmlInput: { min: 1 } }}
                  />
                );
              })}
            </Stack>
          )}

          {section(
            t.favourites,
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                id={`${idPrefix}-favourite`}
                label={t.favouriteName}
                value={favouriteName}
                onChange={(event) => setFavouriteName(event.target.value)}
                size="small"
                fullWidth
              />
              <Button variant="outlined" onClick={() => void storeFavourite()} sx={{ flexShrink: 0 }}>
                {t.saveFavourite}
              </Button>
            </Stack>,
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t.cancel}</Button>
        <Button variant="contained" onClick={done}>
          {t.dialogDone}
        </Button>
      </DialogActions>
    </SizedDialog>
  );
}
