import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { loadMapFeatures } from '@/features/maps/api';
import { FeatureMap } from '@/features/maps/feature-map';
import { EMPTY_ANSWER, mapSettingsOf } from '@/features/maps/map-features';
import { selectedItemsOf, selectionValue } from '@/features/maps/selection';
import { useStatusFilter } from '@/features/maps/status-filter';
import { useFeatureLoader } from '@/features/maps/use-feature-loader';
import { nl } from '@/messages/nl';
import { useFillEnvironment } from '../fill-environment';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

/**
 * The map element (spec 000 sections 3, 5 and 9): the features of the element's map datasource,
 * preloaded or read per viewport (live), filtered by status, selected by clicking up to
 * featuresMaxSelect. The value is the list of selected items (selection.ts), so it and its list
 * under the map survive without signal even when the features cannot be loaded.
 */
export function MapElement(props: ElementProps) {
  const { element, value, onChange } = props;
  const { target } = useFillEnvironment();
  const settings = useMemo(() => mapSettingsOf(element.mapSettings), [element.mapSettings]);
  const selected = useMemo(() => selectedItemsOf(value), [value]);
  // Guests have no session, and datasources are read signed in only.
  const datasourceId = target.kind === 'guest' ? '' : settings.datasourceId;
  const [shown, setShown] = useStatusFilter(datasourceId);
  const loader = useFeatureLoader(datasourceId, settings.live, (bounds, signal) =>
    datasourceId === '' ? Promise.resolve(EMPTY_ANSWER) : loadMapFeatures(datasourceId, bounds, signal),
  );
  const answer = loader.value ?? EMPTY_ANSWER;

  const notice = target.kind === 'guest' ? nl.maps.guestFill : settings.datasourceId === '' ? nl.maps.noDatasource : null;
  return (
    <FieldGroup {...props}>
      {notice && <Alert severity="info">{notice}</Alert>}
      {loader.status === 'failed' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={loader.retry}>
              {nl.maps.retry}
            </Button>
          }
        >
          {nl.maps.loadFailed}
        </Alert>
      )}
      <FeatureMap
        label={element.label ?? element.name}
        settings={settings}
        features={answer.features}
        omitted={answer.omitted}
        shown={shown}
        onShownChange={setShown}
        selected={selected}
        onSelectedChange={(next) => onChange(selectionValue(next))}
        onViewportChange={loader.onViewportChange}
        complete={!settings.live && loader.status === 'loaded' && answer.omitted === 0 && datasourceId !== ''}
      />
    </FieldGroup>
  );
}
