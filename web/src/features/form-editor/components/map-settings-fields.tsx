import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { nl } from '@/messages/nl';
import { DEFAULTS } from '../element-types';
import type { FieldMessages } from '../element-validation';
import type { RemoteOption } from '../use-remote-options';
import { RemoteSelectField } from './remote-select-field';

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
  setManualLocation?: boolean;
  mapLayers?: MapLayer[];
  featureStyles?: FeatureStyle[];
  featuresMaxSelect?: unknown;
  [extra: string]: unknown;
}

interface FeatureStyle {
  status?: string;
  color?: string;
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
}

/**
 * Centre, zoom and (gps) accuracy of spec 001 sections 5 and 9; map layers with datasource and
 * loading strategy. Coordinates are kept as typed so up to 18 decimals survive.
 */
export function MapSettingsFields({ kind, settings, onChange, errors, idPrefix, datasources }: MapSettingsFieldsProps) {
  const t = nl.formEditor;
  const center = settings.center ?? { ...DEFAULTS.mapCenter };
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const layers = settings.mapLayers ?? [];
  const styles = settings.featureStyles ?? [];
  const setStyle = (index: number, patch: Partial<FeatureStyle>) =>
    onChange({ ...settings, featureStyles: styles.map((style, i) => (i === index ? { ...style, ...patch } : style)) });
  const setLayer = (index: number, patch: Partial<MapLayer>) =>
    onChange({ ...settings, mapLayers: layers.map((layer, i) => (i === index ? { ...layer, ...patch } : layer)) });

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
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.setManualLocation === true}
                onChange={(event) => onChange({ ...settings, setManualLocation: event.target.checked })}
              />
            }
            label={t.gpsManual}
          />
        </>
      ) : (
        <>
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.showMapSearch === true}
                onChange={(event) => onChange({ ...settings, showMapSearch: event.target.checked })}
              />
            }
            label={t.mapShowSearch}
          />
          <Typography variant="subtitle1" component="h3">
            {t.mapLayers}
          </Typography>
          {layers.map((layer, index) => (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <RemoteSelectField
                id={`${idPrefix}-layer-${index}-ds`}
                label={t.mapLayerDatasource(index + 1)}
                value={layer.datasource_id ?? ''}
                onChange={(datasource_id) => setLayer(index, { datasource_id })}
                options={datasources}
                error={errors[`mapSettings.mapLayers.${index}.datasource_id`]}
                required
              />
              <TextField
                id={`${idPrefix}-layer-${index}-strategy`}
                select
                label={t.mapLayerStrategy(index + 1)}
                value={layer.loadingStrategy ?? ''}
                onChange={(event) => setLayer(index, { loadingStrategy: event.target.value })}
                error={Boolean(errors[`mapSettings.mapLayers.${index}.loadingStrategy`])}
                helperText={errors[`mapSettings.mapLayers.${index}.loadingStrategy`]}
                required
                sx={{ flex: 1 }}
              >
                <MenuItem value="preload">{t.strategyPreload}</MenuItem>
                <MenuItem value="live">{t.strategyLive}</MenuItem>
              </TextField>
              <IconButton
                aria-label={t.removeMapLayer(index + 1)}
                onClick={() => onChange({ ...settings, mapLayers: layers.filter((_, i) => i !== index) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              onChange({ ...settings, mapLayers: [...layers, { type: 'geojson', datasource_id: '', loadingStrategy: 'preload' }] })
            }
          >
            {t.addMapLayer}
          </Button>
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
          <Typography variant="subtitle1" component="h3">
            {t.featureStyles}
          </Typography>
          {styles.map((style, index) => (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`${idPrefix}-style-${index}-status`}
                label={t.styleStatus(index + 1)}
                value={style.status ?? ''}
                onChange={(event) => setStyle(index, { status: event.target.value })}
                error={Boolean(errors[`mapSettings.featureStyles.${index}.status`])}
                helperText={errors[`mapSettings.featureStyles.${index}.status`]}
                required
                sx={{ flex: 1 }}
              />
              <TextField
                id={`${idPrefix}-style-${index}-color`}
                label={t.styleColor(index + 1)}
                value={style.color ?? ''}
                onChange={(event) => setStyle(index, { color: event.target.value })}
                error={Boolean(errors[`mapSettings.featureStyles.${index}.color`])}
                helperText={errors[`mapSettings.featureStyles.${index}.color`] ?? t.styleColorHelp}
                required
                sx={{ flex: 1 }}
                slotProps={{
                  input: {
                    startAdornment: (
                      <Box
                        aria-hidden
                        sx={{ width: 20, height: 20, mr: 1, borderRadius: 0.5, flexShrink: 0, bgcolor: style.color || 'transparent', border: 1, borderColor: 'divider' }}
                      />
                    ),
                  },
                }}
              />
              <IconButton
                aria-label={t.removeStyle(index + 1)}
                onClick={() => onChange({ ...settings, featureStyles: styles.filter((_, i) => i !== index) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => onChange({ ...settings, featureStyles: [...styles, { status: '', color: '' }] })}
          >
            {t.addStyle}
          </Button>
        </>
      )}
    </Stack>
  );
}
