import { describe, expect, it } from 'vitest';
import {
  IOS_PROMPT_INTERVAL_MS,
  markIosPromptShown,
  readIosPromptShownAt,
  shouldShowIosInstallPrompt,
  type IosPromptInput,
} from './ios-install';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1';
const IPHONE_WEBVIEW =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const IPADOS_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const base: IosPromptInput = {
  userAgent: IPHONE_SAFARI,
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  lastShownAt: null,
  now: NOW,
};

describe('shouldShowIosInstallPrompt', () => {
  it.each<[string, Partial<IosPromptInput>, boolean]>([
    ['iPhone Safari, never shown', {}, true],
    ['already installed (standalone)', { standalone: true }, false],
    ['Chrome on iOS', { userAgent: IPHONE_CHROME }, false],
    ['in-app web view on iOS', { userAgent: IPHONE_WEBVIEW }, false],
    ['Android Chrome', { userAgent: ANDROID_CHROME, platform: 'Linux armv8l' }, false],
    ['iPadOS Safari posing as a Mac, with touch', { userAgent: IPADOS_SAFARI, platform: 'MacIntel' }, true],
    ['a real Mac with Safari', { userAgent: IPADOS_SAFARI, platform: 'MacIntel', maxTouchPoints: 0 }, false],
    ['shown 1 minute ago', { lastShownAt: NOW - 60_000 }, false],
    ['shown just under 24 h ago', { lastShownAt: NOW - IOS_PROMPT_INTERVAL_MS + 1 }, false],
    ['shown exactly 24 h ago', { lastShownAt: NOW - IOS_PROMPT_INTERVAL_MS }, true],
    ['shown two days ago', { lastShownAt: NOW - 2 * IOS_PROMPT_INTERVAL_MS }, true],
  ])('%s -> %s', (_name, change, expected) => {
    expect(shouldShowIosInstallPrompt({ ...base, ...change })).toBe(expected);
  });
});

describe('prompt timestamp storage', () => {
  it('round-trips the last shown time', () => {
    expect(readIosPromptShownAt(localStorage)).toBeNull();
    markIosPromptShown(localStorage, NOW);
    expect(readIosPromptShownAt(localStorage)).toBe(NOW);
  });

  it('treats garbage as never shown', () => {
    localStorage.setItem('eform.ios-install-prompt-shown-at', 'yesterday');
    expect(readIosPromptShownAt(localStorage)).toBeNull();
  });

  it('throttles a second check on the same day after marking', () => {
    markIosPromptShown(localStorage, NOW);
    const later = NOW + 3 * 60 * 60 * 1000;
    expect(shouldShowIosInstallPrompt({ ...base, lastShownAt: readIosPromptShownAt(localStorage), now: later })).toBe(false);
  });
});
