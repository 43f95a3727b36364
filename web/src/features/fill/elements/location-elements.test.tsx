import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapMouseEvent } from '@/features/maps/base-map';
import type { FormElement } from '@/lib/form-logic';
import { fakeMap } from '@/test/fake-map';
import { FillEnvironmentContext, type FillEnvironment } from '../fill-environment';
import { loadElements } from './deferred-elements';
import { elementComponent } from './registry';

vi.mock('@/features/maps/base-map-canvas', () => import('@/test/fake-map'));

/** A tap on the map at a place, on the pin or beside it, as maplibre reports it. */
function tapMap(lng: number, lat: number, onPin: boolean) {
  const current = fakeMap.current;
  if (!current) throw new Error('no map on screen');
  current.map.rendered = onPin ? [{ layer: { id: 'gps-pin' }, properties: {}, geometry: { type: 'Point', coordinates: [lng, lat] } }] : [];
  act(() => current.props.onClick?.({ point: { x: 10, y: 10 }, lngLat: { lng, lat } } as unknown as MapMouseEvent));
}

const environment = (adminMode = false): FillEnvironment => ({
  target: { kind: 'user', clientId: 'c1' },
  editSubformEntry: async () => null,
  fillLinkedForm: null,
  assigneeName: () => undefined,
  adminMode,
});

/** Renders one element as the form does and records every value it reports. */
function renderElement(element: FormElement, { initial, adminMode = false }: { initial?: unknown; adminMode?: boolean } = {}) {
  const changes: unknown[] = [];
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    const Component = elementComponent(element.elementType);
    return (
      <FillEnvironmentContext.Provider value={environment(adminMode)}>
        <Component
          element={element}
          id={`veld-${element.name}`}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          required={false}
          values={{ [element.name]: value }}
          entryErrors={{}}
        />
      </FillEnvironmentContext.Provider>
    );
  }
  const view = render(<Harness />);
  return { ...view, changes, last: () => changes.at(-1) };
}

/** The browser's geolocation, driven by the test: fixes and failures arrive when the test says. */
function fakeGeolocation() {
  const watchers = new Map<number, { success: PositionCallback; failure?: PositionErrorCallback | null; options?: PositionOptions }>();
  let nextId = 1;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) => {
      watchers.set(nextId, { success, failure, options });
      return nextId++;
    }),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    watching: () => watchers.size,
    options: () => [...watchers.values()][0]?.options,
    fix(lat: number, lon: number, accuracy: number, at = Date.UTC(2024, 4, 1, 9)) {
      const position = { timestamp: at, coords: { latitude: lat, longitude: lon, accuracy } } as GeolocationPosition;
      act(() => watchers.forEach((watcher) => watcher.success(position)));
    },
    fail(code: number) {
      const error = { code, message: 'nee', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;
      act(() => watchers.forEach((watcher) => watcher.failure?.(error)));
    },
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.useRealTimers();
});

const gps = (mapSettings: Record<string, unknown> = {}): FormElement => ({ name: 'locatie', label: 'Locatie', elementType: 'gps', mapSettings });

// These types load their code when a form has them; a form's loader brings it first, so do the tests.
beforeAll(() =>
  loadElements((['gps', 'tracking', 'qrCodeScanner'] as const).map((elementType) => ({ uuid: elementType, name: elementType, label: elementType, elementType }))),
);

describe('gps element', () => {
  it('stores a fix only once it is accurate to minAccuracy, with the texts of spec 000 section 5', () => {
    const device = fakeGeolocation();
    const { changes, last } = renderElement(gps());
    expect(screen.getByText('Locatie is nog niet gevonden')).toBeTruthy();
    expect(device.options()).toMatchObject({ enableHighAccuracy: true });

    device.fix(52.15517, 5.38712, 100);
    expect(screen.getByText('Gevonden locatie niet nauwkeurig genoeg! Locatie moet tot 25m nauwkeurig zijn (Nu 100m)')).toBeTruthy();
    expect(changes).toEqual([]);

    device.fix(52.15517, 5.38712, 5);
    expect(screen.getByText('Locatie gevonden tot 5m nauwkeurig')).toBeTruthy();
    expect(last()).toEqual({ lat: 52.15517, lon: 5.38712, accuracy: 5 });
    expect(screen.getByText('52,155170')).toBeTruthy();
    expect(screen.getByText('5,387120')).toBeTruthy();

    // The same fix again changes nothing.
    device.fix(52.15517, 5.38712, 5);
    expect(changes).toHaveLength(1);
  });

  it('follows the element minAccuracy', () => {
    const device = fakeGeolocation();
    const { last } = renderElement(gps({ minAccuracy: '150' }));
    device.fix(52.1, 5.3, 100);
    expect(screen.getByText('Locatie gevonden tot 100m nauwkeurig')).toBeTruthy();
    expect(last()).toEqual({ lat: 52.1, lon: 5.3, accuracy: 100 });
  });

  it('reports a failure, and a browser without geolocation, with the text of spec 000 section 8', () => {
    const failure = 'Locatie kon niet worden bepaald. Check of locatie in uw browser voor deze website is toegestaan.';
    const device = fakeGeolocation();
    const { unmount } = renderElement(gps());
    device.fail(1);
    expect(screen.getByText(failure)).toBeTruthy();
    unmount();
    expect(device.geolocation.clearWatch).toHaveBeenCalled();
    expect(device.watching()).toBe(0);

    Reflect.deleteProperty(navigator, 'geolocation');
    renderElement(gps());
    expect(screen.getByText(failure)).toBeTruthy();
  });

  it('keeps a location picked on the map (accuracy null) while fixes come in', () => {
    const device = fakeGeolocation();
    const picked = { lat: 52.2, lon: 5.4, accuracy: null };
    const { changes } = renderElement(gps(), { initial: picked });
    device.fix(52.1, 5.3, 3);
    expect(changes).toEqual([]);
    expect(screen.getByText('Locatie is op de kaart gekozen.')).toBeTruthy();
  });

  it('with setManualLocation, a tap on the map picks the location and a tap on the pin returns to the device', async () => {
    const device = fakeGeolocation();
    const { last } = renderElement(gps({ setManualLocation: true }));
    expect(await screen.findByRole('region', { name: 'Kaart van Locatie' })).toBeTruthy();
    device.fix(52.1, 5.3, 3);
    expect(last()).toEqual({ lat: 52.1, lon: 5.3, accuracy: 3 });
    // The first fix brings the map from the country to the place.
    expect(fakeMap.current?.map.eased).toEqual([{ center: [5.3, 52.1], zoom: 18 }]);

    tapMap(5.412345678, 52.212345678, false);
    expect(last()).toEqual({ lat: 52.2123457, lon: 5.4123457, accuracy: null });
    expect(screen.getByText('Locatie is op de kaart gekozen.')).toBeTruthy();
    device.fix(52.1, 5.31, 3);
    expect(last()).toEqual({ lat: 52.2123457, lon: 5.4123457, accuracy: null });

    tapMap(5.4123457, 52.2123457, true);
    expect(last()).toEqual({ lat: 52.1, lon: 5.31, accuracy: 3 });
    expect(screen.getByText('Locatie gevonden tot 3m nauwkeurig')).toBeTruthy();
  });

  it('stays off in the form designer preview', () => {
    const device = fakeGeolocation();
    renderElement(gps(), { adminMode: true });
    expect(screen.getByText('Niet beschikbaar in de voorbeeldweergave van het formulier.')).toBeTruthy();
    expect(device.geolocation.watchPosition).not.toHaveBeenCalled();
  });
});

describe('tracking element', () => {
  const tracking: FormElement = { name: 'route', label: 'Route', elementType: 'tracking' };
  const start = Date.UTC(2024, 4, 1, 9);
  // About 7 m apart going east.
  const east = (step: number) => 5.387 + step * 0.0001;

  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('buffers fixes while on and appends them simplified every 15 s, with the averaged accuracy', () => {
    const device = fakeGeolocation();
    const { last } = renderElement(tracking);
    expect(device.geolocation.watchPosition).not.toHaveBeenCalled();
    expect(screen.getByText('Er zijn nog geen punten vastgelegd.')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Route vastleggen' }));
    expect(device.options()).toMatchObject({ enableHighAccuracy: true });
    device.fix(52.155, east(0), 4, start);
    device.fix(52.155, east(1), 6, start + 1000);
    device.fix(52.155, east(2), 8, start + 2000);
    act(() => vi.advanceTimersByTime(15_000));
    expect(last()).toEqual([
      { timestamp: '2024-05-01T09:00:00.000Z', lon: east(0), lat: 52.155, accuracy: 5 },
      { timestamp: '2024-05-01T09:00:02.000Z', lon: east(2), lat: 52.155, accuracy: 8 },
    ]);
    expect(screen.getByText('2 punten vastgelegd, duur 0:00:02')).toBeTruthy();

    // Switching off appends what is still buffered and ends the watch.
    device.fix(52.1551, east(2), 3, start + 65_000);
    fireEvent.click(screen.getByRole('switch', { name: 'Route vastleggen' }));
    expect(last()).toHaveLength(3);
    expect(screen.getByText('3 punten vastgelegd, duur 0:01:05')).toBeTruthy();
    expect(device.watching()).toBe(0);
  });

  it('adds to a track saved earlier and can clear it after a confirmation', () => {
    const device = fakeGeolocation();
    const saved = [{ timestamp: '2024-05-01T08:00:00.000Z', lon: 5.3, lat: 52.1, accuracy: 2 }];
    const { last } = renderElement(tracking, { initial: saved });
    expect(screen.getByText('1 punt vastgelegd, duur 0:00:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Route vastleggen' }));
    device.fix(52.2, 5.4, 4, start);
    act(() => vi.advanceTimersByTime(15_000));
    expect(last()).toEqual([...saved, { timestamp: '2024-05-01T09:00:00.000Z', lon: 5.4, lat: 52.2, accuracy: 4 }]);

    fireEvent.click(screen.getByRole('switch', { name: 'Route vastleggen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Route wissen' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Route wissen' }).at(-1) as HTMLElement);
    expect(last()).toBeUndefined();
  });

  it('switches off when the location may not be read', () => {
    const device = fakeGeolocation();
    renderElement(tracking);
    const toggle = screen.getByRole('switch', { name: 'Route vastleggen' }) as HTMLInputElement;
    fireEvent.click(toggle);
    device.fail(1);
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('Locatie kon niet worden bepaald. Check of locatie in uw browser voor deze website is toegestaan.')).toBeTruthy();
  });

  it('stays off in the form designer preview', () => {
    fakeGeolocation();
    renderElement(tracking, { adminMode: true });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Niet beschikbaar in de voorbeeldweergave van het formulier.')).toBeTruthy();
  });
});

describe('QR code scanner element', () => {
  const qr: FormElement = { name: 'lamplabel', label: 'Lamplabel', elementType: 'qrCodeScanner' };
  const label = 'Aantal lampen: 2\nKleurtemperatuur: 3000K';

  /** A camera, a frame grabber and a BarcodeDetector that finds `code` in the first frame. */
  function fakeCamera(getUserMedia: () => Promise<unknown>, code = label) {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] };
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn(async (_constraints: MediaStreamConstraints) => (await getUserMedia()) ?? stream) },
      configurable: true,
    });
    const detect = vi.fn(async () => [{ rawValue: code }]);
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code'];
        detect = detect;
      },
    );
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const frame = { data: new Uint8ClampedArray(4), width: 1, height: 1 };
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage, getImageData: () => frame } as unknown as CanvasRenderingContext2D);
    return { stop, stream, detect, drawImage };
  }

  it('reads a code from the rear camera in a 350 px box, then stops the camera and stores the text', async () => {
    const camera = fakeCamera(async () => undefined);
    const { last } = renderElement(qr);
    fireEvent.click(screen.getByRole('button', { name: 'QR-code scannen' }));
    expect(screen.getByText('Camera wordt gestart..')).toBeTruthy();
    await screen.findByLabelText('Camerabeeld voor Lamplabel');
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: 'environment' } });

    await vi.waitFor(() => expect(last()).toBe(label));
    // The middle 350 x 350 of a 640 x 480 frame.
    expect(camera.drawImage).toHaveBeenCalledWith(expect.anything(), 145, 65, 350, 350, 0, 0, 350, 350);
    await vi.waitFor(() => expect(camera.stop).toHaveBeenCalled());
    expect(screen.queryByLabelText('Camerabeeld voor Lamplabel')).toBeNull();
    expect(screen.getByText(/Aantal lampen: 2/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wissen' }));
    expect(last()).toBeUndefined();
  });

  it('names a refused and a missing camera with the texts of spec 000 section 8', async () => {
    fakeCamera(async () => Promise.reject(new DOMException('nee', 'NotAllowedError')));
    renderElement(qr);
    fireEvent.click(screen.getByRole('button', { name: 'QR-code scannen' }));
    expect(await screen.findByText('Cameratoegang geweigerd. Sta cameratoegang toe.')).toBeTruthy();

    fakeCamera(async () => Promise.reject(new DOMException('geen', 'NotFoundError')));
    fireEvent.click(screen.getByRole('button', { name: 'QR-code scannen' }));
    expect(await screen.findByText('Geen camera gevonden. Sluit een camera aan.')).toBeTruthy();
  });

  it('releases the camera when the user stops and when the element goes away', async () => {
    const camera = fakeCamera(async () => undefined, '');
    camera.detect.mockResolvedValue([]);
    const { unmount } = renderElement(qr);
    fireEvent.click(screen.getByRole('button', { name: 'QR-code scannen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stoppen' }));
    expect(camera.stop).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'QR-code scannen' }));
    await screen.findByRole('button', { name: 'Stoppen' });
    unmount();
    expect(camera.stop).toHaveBeenCalledTimes(2);
  });
});
