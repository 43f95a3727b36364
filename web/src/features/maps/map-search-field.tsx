import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { nl } from '@/messages/nl';
import { statusColor, statusLabel, type FeatureStyle, type MapFeature } from './map-features';
import { canChoose, matchFeatures } from './map-search';
import type { SelectedItem } from './selection';
import { StatusDot } from './status-filter-field';

interface MapSearchFieldProps {
  /** The loaded features the status filter shows. */
  features: readonly MapFeature[];
  selected: readonly SelectedItem[];
  max: number;
  styles: readonly FeatureStyle[];
  /** mapSettings.showMapSearch: the field shows at once; otherwise it opens from 'Kies uit lijst'. */
  prominent: boolean;
  /** Live loading: only the features of the current view can be found, which the field says. */
  live: boolean;
  /** A feature was chosen: select or deselect it as a click on it would. */
  onChoose(feature: MapFeature): void;
}

/**
 * 'Zoek op de kaart' (map-search.ts): a combobox over the map's features. Choosing one hands it
 * to onChoose and empties the field for the next; an option that cannot be chosen because the
 * selection is full is disabled. Without showMapSearch only the 'Kies uit lijst' button shows,
 * so the map looks as the builder set it up and keyboard users still reach every feature.
 */
export function MapSearchField({ features, selected, max, styles, prominent, live, onChoose }: MapSearchFieldProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [input, setInput] = useState('');
  const { shown, total } = useMemo(() => matchFeatures(features, input), [features, input]);
  const selectedIds = useMemo(() => new Set(selected.map((item) => item.id)), [selected]);

  const helperText = total > shown.length ? nl.maps.searchMore(shown.length, total) : live ? nl.maps.searchLive : undefined;
  const field = (
    <Autocomplete<MapFeature>
      id={id}
      options={shown}
      // An action, not a value: the selection lives in the list under the map.
      value={null}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, feature) => {
        if (!feature) return;
        onChoose(feature);
        setInput('');
      }}
      // Matching happens in matchFeatures, over every loaded feature, not just the 50 shown.
      filterOptions={(options) => options}
      getOptionLabel={(feature) => feature.name}
      getOptionKey={(feature) => feature.id}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionDisabled={(feature) => !canChoose(selected, feature, max)}
      noOptionsText={features.length === 0 ? nl.maps.searchEmpty : nl.maps.searchNoMatches}
      handleHomeEndKeys
      renderOption={(optionProps, feature) => {
        const { key, ...rest } = optionProps;
        const isSelected = selectedIds.has(feature.id);
        const status = statusLabel(feature.status);
        return (
          <li key={key} {...rest} aria-label={nl.maps.searchOption(feature.name, status, isSelected)}>
            <StatusDot color={statusColor(feature.status, styles)} />
            <Box component="span" sx={{ display: 'grid' }}>
              <Box component="span" sx={{ fontWeight: isSelected ? 'bold' : undefined }}>
                {feature.name}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
                {isSelected ? `${status} · ${nl.maps.searchSelected}` : status}
              </Box>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={nl.maps.search} placeholder={nl.maps.searchPlaceholder} helperText={helperText} size="small" autoFocus={!prominent} />
      )}
      fullWidth
    />
  );

  if (prominent) return field;
  const region = `${id}-search`;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button size="small" aria-expanded={expanded} aria-controls={expanded ? region : undefined} onClick={() => setExpanded((open) => !open)}>
        {nl.maps.searchOpen}
      </Button>
      {expanded && (
        <Box id={region} sx={{ width: '100%' }}>
          {field}
        </Box>
      )}
    </Box>
  );
}
