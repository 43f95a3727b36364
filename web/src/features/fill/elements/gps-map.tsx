import { useEffect, useRef } from 'react';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { BaseMap, type MapLibreMap, type MapMouseEvent } from '@/features/maps/base-map';
import { LOCATE_ZOOM, type LonLat } from '@/features/maps/map-view';
import type { GpsLocation } from '../gps';

const SOURCE = 'gps-location';
const PIN = 'gps-pin';
/** Half the side of the square around a tap that counts as a tap on the pin (fingers are wide). */
const PIN_HIT_PX = 12;
/** Spec 000 section 9 'open' blue for the found location; a chosen one stands out in orange. */
const FOUND_COLOUR = '#3399CC';
const CHOSEN_COLOUR = '#ef6c00';

interface GpsMapProps {
  label: string;
  /** The pin: the stored location, or the latest fix while none is stored. */
  location: GpsLocation | null;
  /** Where the map opens without a location: the element's map centre and zoom. */
  center: LonLat;
  zoom: number;
  /** A tap on the map: the user picks this place by hand. */
  onPick(place: LonLat): void;
  /** A tap on the pin: back to the device's location. */
  onPin(): void;
}

function pinData(location: GpsLocation | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: location
      ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: [location.lon, location.lat] }, properties: { chosen: location.accuracy === null } }]
      : [],
  };
}

/**
 * Spec 000 section 4 'Manual location on GPS map': the shared base map with the location as a
 * pin; a tap on the map chooses a place, a tap on the pin returns to the found location.
 */
export function GpsMap({ label, location, center, zoom, onPick, onPin }: GpsMapProps) {
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef(location);
  // Whether the view was brought to a location yet: the map opens on the country without one.
  const centred = useRef(location !== null);
  useEffect(() => {
    latest.current = location;
  });

  // Follow the location: redraw the pin, and bring it into view the first time and whenever it left the view.
  const { lat, lon, accuracy } = location ?? {};
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(pinData(latest.current));
    if (lat !== undefined && lon !== undefined) showPlace(map, lon, lat, centred);
  }, [lat, lon, accuracy]);

  const ready = (map: MapLibreMap) => {
    mapRef.current = map;
    map.addSource(SOURCE, { type: 'geojson', data: pinData(latest.current) });
    map.addLayer({
      id: PIN,
      type: 'circle',
      source: SOURCE,
      paint: {
        'circle-radius': 9,
        'circle-color': ['case', ['get', 'chosen'], CHOSEN_COLOUR, FOUND_COLOUR],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 3,
      },
    });
    // A fix that came while the map was loading.
    if (latest.current) showPlace(map, latest.current.lon, latest.current.lat, centred);
  };

  const click = (event: MapMouseEvent) => {
    const { x, y } = event.point;
    const box: [[number, number], [number, number]] = [
      [x - PIN_HIT_PX, y - PIN_HIT_PX],
      [x + PIN_HIT_PX, y + PIN_HIT_PX],
    ];
    if ((mapRef.current?.queryRenderedFeatures(box, { layers: [PIN] }) ?? []).length > 0) onPin();
    else onPick([event.lngLat.lng, event.lngLat.lat]);
  };

  return (
    <BaseMap
      label={label}
      center={location ? [location.lon, location.lat] : center}
      zoom={location ? LOCATE_ZOOM : zoom}
      onReady={ready}
      onClick={click}
      height={320}
    />
  );
}

/** Moves the view to a place, at the locate zoom, unless it was centred before and the place is in view. */
function showPlace(map: MapLibreMap, lon: number, lat: number, centred: { current: boolean }): void {
  const bounds = map.getBounds();
  const inView = lon >= bounds.getWest() && lon <= bounds.getEast() && lat >= bounds.getSouth() && lat <= bounds.getNorth();
  if (centred.current && inView) return;
  centred.current = true;
  map.easeTo({ center: [lon, lat], zoom: LOCATE_ZOOM });
}
