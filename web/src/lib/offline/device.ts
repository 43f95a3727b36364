/**
 * This device, as a file kept only here names it (decision 014): a random id, so another device
 * opening the same saved registration knows the file is not on it, and a name a person can
 * recognise ('Chrome op Android'). Kept in localStorage across logouts: it belongs to the device,
 * not to a user (decision 012).
 */
import { nl } from '@/messages/nl';

const KEY = 'eform.device';

export interface Device {
  id: string;
  name: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** 'Chrome op Android' from a user agent string; the generic name when it tells nothing. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return nl.offlineFiles.deviceName(browser, system);
  return browser ?? system ?? nl.offlineFiles.unknownDevice;
}

function isDevice(value: unknown): value is Device {
  return typeof value === 'object' && value !== null && typeof (value as Device).id === 'string' && typeof (value as Device).name === 'string';
}

/** This device's id and name, made on first use. */
export function thisDevice(): Device {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (isDevice(stored)) return stored;
  } catch {
    // unreadable: make a new one
  }
  const device = { id: crypto.randomUUID(), name: deviceName(navigator.userAgent) };
  try {
    localStorage.setItem(KEY, JSON.stringify(device));
  } catch {
    // storage refused: the id lasts this page. Only a note: a file is looked up by its own id.
  }
  return device;
}
