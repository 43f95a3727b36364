import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { nl } from '@/messages/nl-admin';
import { DEFAULTS, type FeatureAction } from '../element-types';
import type { FieldMessages } from '../element-validation';
import type { RemoteOption } from '../use-remote-options';
import { FeatureActionsEditor } from './feature-actions-editor';
import { RemoteSelectField } from './remote-select-field';
import { RowList } from './row-list';
import { StyleListEditor, type ColorStyle } from './style-list-editor';

interface MapLayer {
  type?: string;
  datasource_id?: string;
  loadingStrategy?: string;
  [extra: string]: unknown;
}

export interface MapSettings {
  center?: { lat?: unknown; lon?: unknown };
  zoomlevel?: unknown;
  minAccuracy?: unknown;
  showMapSearch?: boolean;
  showDataColumns?: boolean;
  show_status_filters?: boolean;
  guest_map_enabled?: boolean;
  setManualLocation?: boolean;
  mapLayers?: MapLayer[];
  featureStyles?: ColorStyle[];
  featuresMaxSelect?: unknown;
  featureActions?: FeatureAction[];
  [extra: string]: unknown;
}

interface MapSettingsFieldsProps {
  kind: 'map' | 'gps';
  settings: MapSettings;
  onChange(settings: MapSettings): void;
  errors: FieldMessages;
  idPrefix: string;
  /** The client's map datasources; null when not (yet) loaded. */
  datasources: RemoteOption[] | null;
  /** Data names of the other elements, for the conditions of feature actions. */
  dataNames: readonly string[];
  /** The guest map's address (route guest_map_form of this form and element). */
  guestMapLink: string;
}

/**
 * Centre, zoom and (gps) accuracy of spec 001 sections 5 and 9; map layers with datasource and
 * loading strategy, display switches, colours per status and feature actions (section 3).
 * Coordinates are kept as typed so up to 18 decimals survive.
 */
export function MapSettingsFields({
  kind,
  settings,
  onChange,
  errors,
  idPrefix,
  datasources,
  dataNames,
  guestMapLink,
}: MapSettingsFieldsProps) {
  const t = nl.formEditor;
  const center = settings.center ?? { ...DEFAULTS.mapCenter };
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const flag = (field: 'showMapSearch' | 'showDataColumns' | 'show_status_filters' | 'setManualLocation', label: string) => (
    <FormControlLabel
      control={
        <Checkbox checked={settings[field] === true} onChange={(event) => onChange({ ...settings, [field]: event.target.checked })} />
      }
      label={label}
    />
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id={`${idPrefix}-lat`}
          label={t.mapLat}
          value={text(center.lat)}
          onChange={(event) => onChange({ ...settings, center: { ...center, lat: event.target.value.replace(',', '.') } })}
          error={Boolean(errors['mapSettings.center.lat'])}
          helperText={errors['mapSettings.center.lat']}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          required
          fullWidth
        />
        <TextField
          id={`${idPrefix}-lon`}
          label={t.mapLon}
          value={text(center.lon)}
          onChange={(event) => onChange({ ...settings, center: { ...center, lon: event.target.value.replace(',', '.') } })}
          error={Boolean(errors['mapSettings.center.lon'])}
          helperText={errors['mapSettings.center.lon']}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          required
          fullWidth
        />
        <TextField
          id={`${idPrefix}-zoom`}
          label={t.mapZoom}
          type="number"
          value={text(settings.zoomlevel)}
          onChange={(event) =>
            onChange({ ...settings, zoomlevel: event.target.value === '' ? '' : Number(event.target.value) })
          }
          error={Boolean(errors['mapSettings.zoomlevel'])}
          helperText={errors['mapSettings.zoomlevel']}
          slotProps={{ htmlInput: { min: 1, max: 19, step: 1 } }}
          required
          fullWidth
        />
      </Stack>
      {kind === 'gps' ? (
        <>
          <TextField
            id={`${idPrefix}-accuracy`}
            label={t.gpsMinAccuracy}
            type="number"
            value={text(settings.minAccuracy ?? DEFAULTS.minAccuracy)}
            onChange={(event) =>
              onChange({ ...settings, minAccuracy: event.target.value === '' ? '' : Number(event.target.value) })
            }
            error={Boolean(errors['mapSettings.minAccuracy'])}
            helperText={errors['mapSettings.minAccuracy']}
            slotProps={{ htmlInput: { min: 0, max: 200, step: 1 } }}
          />
          {flag('setManualLocation', t.gpsManual)}
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {flag('showMapSearch', t.mapShowSearch)}
            {flag('showDataColumns', t.mapShowDataColumns)}
            {flag('show_status_filters', t.mapShowStatusFilters)}
            <FormControlLabel
              control={
                <Switch
                  checked={settings.guest_map_enabled === true}
                  onChange={(event) => onChange({ ...settings, guest_map_enabled: event.target.checked })}
                />
              }
              label={t.mapGuestEnabled}
            />
            {settings.guest_map_enabled === true && (
              <FormHelperText sx={{ ml: 0 }}>
                {t.mapGuestLink(guestMapLink)} {t.mapGuestSaveFirst}
              </FormHelperText>
            )}
          </Box>
          <RowList
            title={t.mapLayers}
            items={settings.mapLayers ?? []}
            onChange={(mapLayers) => onChange({ ...settings, mapLayers })}
            newItem={() => ({ type: 'geojson', datasource_id: '', loadingStrategy: 'preload' })}
            addLabel={t.addMapLayer}
            removeLabel={t.removeMapLayer}
            renderRow={(layer, index, update) => (
              <>
                <RemoteSelectField
                  id={`${idPrefix}-layer-${index}-ds`}
                  label={t.mapLayerDatasource(index + 1)}
                  value={layer.datasource_id ?? ''}
                  onChange={(datasource_id) => update({ datasource_id })}
                  options={datasources}
                  error={errors[`mapSettings.mapLayers.${index}.datasource_id`]}
                  required
                />
                <TextField
                  id={`${idPrefix}-layer-${index}-strategy`}
                  select
                  label={t.mapLayerStrategy(index + 1)}
                  value={layer.loadingStrategy ?? ''}
                  onChange={(event) => update({ loadingStrategy: event.target.value })}
                  error={Boolean(errors[`mapSettings.mapLayers.${index}.loadingStrategy`])}
                  helperText={errors[`mapSettings.mapLayers.${index}.loadingStrategy`]}
                  required
                  sx={{ flex: 1 }}
                >
                  <MenuItem value="preload">{t.strategyPreload}</MenuItem>
                  <MenuItem value="live">{t.strategyLive}</MenuItem>
                </TextField>
              </>
            )}
          />
          <TextField
            id={`${idPrefix}-max-select`}
            label={t.mapMaxSelect}
            type="number"
            value={text(settings.featuresMaxSelect ?? DEFAULTS.featuresMaxSelect)}
            onChange={(event) =>
              onChange({ ...settings, featuresMaxSelect: event.target.value === '' ? '' : Number(event.target.value) })
            }
            error={Boolean(errors['mapSettings.featuresMaxSelect'])}
            helperText={errors['mapSettings.featuresMaxSelect']}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            sx={{ maxWidth: 320 }}
          />
          <StyleListEditor
            textKey="status"
            styles={settings.featureStyles ?? []}
            onChange={(featureStyles) => onChange({ ...settings, featureStyles })}
            errors={errors}
            errorPath="mapSettings.featureStyles"
            idPrefix={`${idPrefix}-style`}
            labels={{
              title: t.featureStyles,
              text: t.styleStatus,
              color: t.styleColor,
              colorHelp: t.styleColorHelp,
              add: t.addStyle,
              remove: t.removeStyle,
            }}
          />
          <FeatureActionsEditor
            actions={settings.featureActions ?? []}
            onChange={(featureActions) => onChange({ ...settings, featureActions })}
            errors={errors}
            idPrefix={idPrefix}
            dataNames={dataNames}
          />
        </>
      )}
    </Stack>
  );
}
