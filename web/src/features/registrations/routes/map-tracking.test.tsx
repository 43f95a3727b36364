import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeMap } from '@/test/fake-map';
import { installFakeServer, json } from '@/test/fake-server';
import { demoServer, registrationAnswer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 8000 });
vi.mock('@/features/maps/base-map-canvas', () => import('@/test/fake-map'));
vi.setConfig({ testTimeout: 30_000 });

const schema = [
  { name: 'melding', label: 'Melding', elementType: 'text' as const },
  { name: 'route', label: 'Looproute', elementType: 'tracking' as const },
];
const point = (second: number, lon: number) => ({ timestamp: `2024-05-01T09:00:${String(second).padStart(2, '0')}.000Z`, lon, lat: 52.155, accuracy: 4 });

describe('map_tracking (spec 000 screen 13)', () => {
  it("reads the registration and lists its route's points and duration over the map", async () => {
    const calls = installFakeServer({
      ...demoServer(),
      'GET /api/form/f1/registrations/r1': () =>
        json(200, registrationAnswer({ schema, values: { melding: 'Lamp', route: [point(0, 5.387), point(30, 5.388), point(45, 5.389)] } })),
    });
    renderApp('/map/tracking/f1/r1', storedSession());
    expect(await screen.findByRole('heading', { name: 'Route van Melding - 1', level: 1 })).toBeTruthy();
    expect(screen.getByText('Looproute: 3 punten, duur 0:00:45')).toBeTruthy();
    await screen.findByRole('region', { name: 'Kaart met de vastgelegde route' });
    const map = fakeMap.current?.map;
    const drawn = map?.sources.get('tracks')?.data as { features: { geometry: { type: string; coordinates: unknown } }[] };
    expect(drawn.features.map((feature) => feature.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    expect(drawn.features[0]?.geometry.coordinates).toEqual([
      [5.387, 52.155],
      [5.388, 52.155],
      [5.389, 52.155],
    ]);
    expect(map?.eased).toEqual([expect.objectContaining({ bounds: [[5.387, 52.155], [5.389, 52.155]], maxZoom: 18 })]);
    expect(calls.calls.some((call) => call.path === '/api/form/f1/registrations/r1')).toBe(true);
  });

  it('draws the routes recorded in subform entries too, each named after its entry', async () => {
    const rounds = [
      { name: 'melding', label: 'Melding', elementType: 'text' as const },
      {
        name: 'ronde',
        label: 'Ronde',
        elementType: 'subform' as const,
        subform: { schema: [{ name: 'route', label: 'Looproute', elementType: 'tracking' as const }], rules: [] },
      },
    ];
    installFakeServer({
      ...demoServer(),
      'GET /api/form/f1/registrations/r1': () =>
        json(
          200,
          registrationAnswer({
            schema: rounds,
            values: { melding: 'Lamp', ronde: [{ route: [point(0, 5.387), point(10, 5.388)] }, { route: [] }, { route: [point(0, 5.4), point(5, 5.401), point(20, 5.402)] }] },
          }),
        ),
    });
    renderApp('/map/tracking/f1/r1', storedSession());
    expect(await screen.findByText('Looproute (Ronde 1): 2 punten, duur 0:00:10')).toBeTruthy();
    expect(screen.getByText('Looproute (Ronde 3): 3 punten, duur 0:00:20')).toBeTruthy();
    await screen.findByRole('region', { name: 'Kaart met de vastgelegde route' });
    const drawn = fakeMap.current?.map.sources.get('tracks')?.data as { features: { geometry: { type: string } }[] };
    expect(drawn.features.filter((feature) => feature.geometry.type === 'LineString')).toHaveLength(2);
  });

  it('says so when the registration has no route', async () => {
    installFakeServer({
      ...demoServer(),
      'GET /api/form/f1/registrations/r1': () => json(200, registrationAnswer({ schema, values: { melding: 'Lamp', route: [] } })),
    });
    renderApp('/map/tracking/f1/r1', storedSession());
    expect(await screen.findByText('Deze registratie heeft geen vastgelegde route.')).toBeTruthy();
  });
});
