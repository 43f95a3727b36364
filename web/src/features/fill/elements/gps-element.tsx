import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import type { LonLat } from '@/features/maps/map-view';
import { nl } from '@/messages/nl';
import { useFillEnvironment } from '../fill-environment';
import { fixText, formatCoordinate, gpsLocation, gpsSettingsOf, isAccurate, locationOf, sameLocation, type GpsLocation } from '../gps';
import { useWatchPosition } from '../use-watch-position';
import { AdminModeNotice, FieldGroup } from './field-group';
import { GpsMap } from './gps-map';
import type { ElementProps } from './types';

type Reading = { kind: 'waiting' } | { kind: 'fix'; fix: GpsLocation } | { kind: 'failed' };

/** A place picked on the map, to 7 decimals (about 1 cm): more would only be noise. */
function picked([lon, lat]: LonLat): GpsLocation {
  const round = (degrees: number) => Math.round(degrees * 1e7) / 1e7;
  return { lat: round(lat), lon: round(lon), accuracy: null };
}

/**
 * Spec 000 sections 3 to 5: the device's location, stored as `{ lat, lon, accuracy }` whenever a
 * fix is accurate enough, with the section 5 texts for the latest fix. With setManualLocation the
 * location can also be picked on a map; it then stays until the user taps the pin.
 */
export function GpsElement(props: ElementProps) {
  const { adminMode } = useFillEnvironment();
  return adminMode ? <AdminModeNotice {...props} /> : <GpsField {...props} />;
}

function GpsField(props: ElementProps) {
  const { element, id, value, onChange } = props;
  const settings = useMemo(() => gpsSettingsOf(element.mapSettings), [element.mapSettings]);
  const { minAccuracy } = settings;
  const stored = gpsLocation(value);
  // A location picked by hand has no accuracy: nothing was measured.
  const manual = stored !== null && stored.accuracy === null;
  const [reading, setReading] = useState<Reading>({ kind: 'waiting' });
  const latest = useRef({ stored, manual, onChange, minAccuracy });
  useEffect(() => {
    latest.current = { stored, manual, onChange, minAccuracy };
  });

  useWatchPosition(
    true,
    (position) => {
      const fix = locationOf(position);
      setReading({ kind: 'fix', fix });
      const current = latest.current;
      if (!current.manual && isAccurate(fix, current.minAccuracy) && !sameLocation(fix, current.stored)) current.onChange(fix);
    },
    () => setReading({ kind: 'failed' }),
  );

  const fix = reading.kind === 'fix' ? reading.fix : null;
  const status = manual ? nl.elements.gpsManual : reading.kind === 'failed' ? nl.elements.gpsFailed : fixText(fix, minAccuracy);
  const backToDevice = () => onChange(fix && isAccurate(fix, minAccuracy) ? fix : undefined);

  return (
    <FieldGroup {...props}>
      <Typography id={id} role="status" variant="body2" color={reading.kind === 'failed' && !manual ? 'error' : undefined}>
        {status}
      </Typography>
      {stored && (
        <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
          {(
            [
              [nl.elements.gpsLatitude, stored.lat],
              [nl.elements.gpsLongitude, stored.lon],
            ] as const
          ).map(([term, coordinate]) => (
            <Fragment key={term}>
              <Typography component="dt" variant="body2">
                {term}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {formatCoordinate(coordinate)}
              </Typography>
            </Fragment>
          ))}
        </Box>
      )}
      {settings.manual && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {nl.elements.gpsManualHint}
          </Typography>
          <GpsMap
            label={nl.elements.gpsMap(element.label ?? element.name)}
            location={stored ?? fix}
            center={settings.center}
            zoom={settings.zoom}
            onPick={(place) => onChange(picked(place))}
            onPin={backToDevice}
          />
        </Box>
      )}
    </FieldGroup>
  );
}
