import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { nl } from '@/messages/nl';
import { BaseMap, type MapLibreMap, type MapMouseEvent } from './base-map';
import { addFeatureLayers, clickTarget, pointerOverFeatures, showFeatures, showSelection } from './feature-layers';
import { filterFeatures, statusOptions, type MapFeature, type MapSettingsView } from './map-features';
import { focusView } from './map-search';
import { MapSearchField } from './map-search-field';
import { clampBounds, type Bounds } from './map-view';
import { featureOf, missingItems, toggleSelection, type SelectedItem } from './selection';
import { SelectedList } from './selected-list';
import { StatusFilterField } from './status-filter-field';

/** Spec 000 section 9: the map's features are read again 1 s after the view stops moving. */
export const VIEWPORT_DEBOUNCE_MS = 1_000;

const NO_STATUS_VALUES: readonly string[] = [];

export interface FeatureMapProps {
  /** Accessible name of the map. */
  label: string;
  settings: MapSettingsView;
  /** Every loaded feature; the status filter is applied here. */
  features: readonly MapFeature[];
  /** Features of the viewport the answer left out (more than 2,000). */
  omitted: number;
  /** Statuses the datasource holds beyond those of the loaded features (guest maps). */
  statusValues?: readonly string[];
  /** Shown statuses (useStatusFilter); null for all. */
  shown: readonly string[] | null;
  onShownChange(shown: string[] | null): void;
  selected: readonly SelectedItem[];
  onSelectedChange(selected: readonly SelectedItem[]): void;
  /** Live loading: the settled viewport, once when the map is ready and after every move. */
  onViewportChange?(bounds: Bounds): void;
  /** Whether `features` is the whole datasource, so a selected item not in it is really gone. */
  complete: boolean;
}

function boundsOf(map: MapLibreMap): Bounds {
  const bounds = map.getBounds();
  return clampBounds({ left: bounds.getWest(), bottom: bounds.getSouth(), right: bounds.getEast(), top: bounds.getNorth() });
}

/**
 * A datasource's features on a map, with the status filter and the search above it and the
 * selection below it (spec 000 screen 12 and sections 3, 5 and 9). Clicking a feature selects or
 * deselects it within featuresMaxSelect; clicking a cluster zooms into it. Choosing a feature in
 * the search does what a click does and moves the map to it, so list and map show the same.
 * Shared by the map element and the guest map.
 */
export function FeatureMap(props: FeatureMapProps) {
  const { label, settings, features, omitted, statusValues = NO_STATUS_VALUES, shown, onShownChange, selected, onSelectedChange, complete } = props;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const visible = useMemo(() => filterFeatures(features, shown), [features, shown]);
  const options = useMemo(
    () => statusOptions(settings.styles, [...statusValues, ...features.map((feature) => feature.status)]),
    [settings.styles, statusValues, features],
  );

  useEffect(() => {
    if (map) showFeatures(map, visible, settings.styles);
  }, [map, visible, settings.styles]);
  useEffect(() => {
    if (map) showSelection(map, selected.map(featureOf), settings.styles);
  }, [map, selected, settings.styles]);

  // Viewport reports for live loading; the latest callback is read when the timer fires.
  const onViewport = useRef(props.onViewportChange);
  useEffect(() => {
    onViewport.current = props.onViewportChange;
  });
  useEffect(() => {
    if (!map) return;
    onViewport.current?.(boundsOf(map));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onViewport.current?.(boundsOf(map)), VIEWPORT_DEBOUNCE_MS);
    };
    map.on('moveend', settled);
    return () => {
      clearTimeout(timer);
      map.off('moveend', settled);
    };
  }, [map]);

  const ready = (created: MapLibreMap) => {
    addFeatureLayers(created);
    pointerOverFeatures(created);
    setMap(created);
  };
  const click = (event: MapMouseEvent) => {
    const target = map && clickTarget(map, event.point);
    if (target?.kind !== 'feature') return;
    const feature = features.find((candidate) => candidate.id === target.id);
    if (feature) onSelectedChange(toggleSelection(selected, feature, settings.maxSelect));
  };
  const choose = (feature: MapFeature) => {
    const next = toggleSelection(selected, feature, settings.maxSelect);
    onSelectedChange(next);
    if (map && next.some((item) => item.id === feature.id)) map.easeTo(focusView(feature.coordinates, map.getZoom()));
  };
  const missing = complete ? missingItems(selected, features) : [];

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {settings.showStatusFilters && <StatusFilterField options={options} shown={shown} onChange={onShownChange} styles={settings.styles} />}
      <MapSearchField
        features={visible}
        selected={selected}
        max={settings.maxSelect}
        styles={settings.styles}
        prominent={settings.showMapSearch}
        live={settings.live}
        onChoose={choose}
      />
      <BaseMap label={label} center={settings.center} zoom={settings.zoom} onReady={ready} onClick={click} />
      <Typography variant="caption" color="text.secondary">
        {nl.maps.featureCount(visible.length)}
      </Typography>
      {omitted > 0 && <Alert severity="info">{nl.maps.omitted(omitted)}</Alert>}
      {missing.length > 0 && <Alert severity="warning">{nl.maps.itemMissing}</Alert>}
      <SelectedList
        selected={selected}
        max={settings.maxSelect}
        styles={settings.styles}
        showDataColumns={settings.showDataColumns}
        onDeselect={(item) => onSelectedChange(selected.filter((candidate) => candidate.id !== item.id))}
      />
    </Box>
  );
}
