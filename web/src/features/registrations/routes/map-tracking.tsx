import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { useBack } from '@/features/fill/use-back';
import { BaseMap, type MapLibreMap } from '@/features/maps/base-map';
import { LOCATE_ZOOM } from '@/features/maps/map-view';
import type { Registration } from '@/lib/api/types';
import { subformSchema, type FormElement, type FormValues } from '@/lib/form-logic';
import { isRecord } from '@/lib/form-logic/values';
import { formatDuration, trackBounds, trackDuration, trackPoints, type TrackPoint } from '@/lib/geo/track';
import { nl } from '@/messages/nl';
import { loadRegistration } from '../api';

export function mapTrackingLoader({ params, request }: LoaderFunctionArgs): Promise<Registration> {
  return loadRegistration(params.form_id ?? '', params.registration_id ?? '', request.signal);
}

export interface Track {
  label: string;
  points: TrackPoint[];
}

/**
 * The routes of a registration: its tracking elements that recorded at least one point, those
 * in subform entries too (the values list links each of them to this map), named after their
 * entry.
 */
export function registrationTracks(schema: readonly FormElement[], values: FormValues, entry = ''): Track[] {
  return schema.flatMap((element): Track[] => {
    const label = element.label || element.name;
    const value = values[element.name];
    if (element.elementType === 'tracking') {
      const points = trackPoints(value);
      return points.length > 0 ? [{ label: entry ? nl.trackingMap.inEntry(entry, label) : label, points }] : [];
    }
    if (element.elementType !== 'subform' || !Array.isArray(value)) return [];
    return value.flatMap((row: unknown, index) =>
      isRecord(row) ? registrationTracks(subformSchema(element), row, nl.trackingMap.entry(entry, label, index + 1)) : [],
    );
  });
}

/** Spec 000 screen 13: the recorded route of one registration on the base map. */
export function MapTrackingRoute() {
  const registration = useLoaderData<Registration>();
  const back = useBack(paths.my_registration_list.build());
  const tracks = useMemo(() => registrationTracks(registration.schema, registration.values), [registration]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton onClick={back} aria-label={nl.trackingMap.back} edge="start">
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h4" component="h1">
          {nl.trackingMap.title(registration.form_name, registration.registration_serial_number)}
        </Typography>
      </Stack>
      {tracks.length === 0 ? (
        <Typography>{nl.trackingMap.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {tracks.map((track, index) => (
            <li key={index}>{nl.trackingMap.track(track.label, track.points.length, formatDuration(trackDuration(track.points)))}</li>
          ))}
        </Box>
      )}
      <BaseMap label={nl.trackingMap.map} onReady={(map) => drawTracks(map, tracks)} height="60vh" />
    </Box>
  );
}

/** A line per route with its start and end marked, and the map fitted around them. */
function drawTracks(map: MapLibreMap, tracks: readonly Track[]): void {
  const lines: FeatureCollection = {
    type: 'FeatureCollection',
    features: tracks.flatMap((track) => {
      const coordinates = track.points.map((point) => [point.lon, point.lat]);
      const [first, last] = [coordinates[0], coordinates.at(-1)];
      return [
        { type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: {} },
        ...(first ? [{ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: first }, properties: { end: 'start' } }] : []),
        ...(last ? [{ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: last }, properties: { end: 'finish' } }] : []),
      ];
    }),
  };
  map.addSource('tracks', { type: 'geojson', data: lines });
  map.addLayer({
    id: 'track-lines',
    type: 'line',
    source: 'tracks',
    filter: ['==', ['geometry-type'], 'LineString'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#1565c0', 'line-width': 4 },
  });
  map.addLayer({
    id: 'track-ends',
    type: 'circle',
    source: 'tracks',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 7,
      'circle-color': ['match', ['get', 'end'], 'start', '#2e7d32', '#e20000'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  const bounds = trackBounds(tracks.flatMap((track) => track.points));
  if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: LOCATE_ZOOM, duration: 0 });
}
