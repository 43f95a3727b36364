/**
 * iOS has no install event: Safari users are told how to add the app to the home screen, at most
 * once per 24 hours and never inside the installed app (spec 000 section 2, screen 1).
 */
export const IOS_PROMPT_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const IOS_PROMPT_KEY = 'eform.ios-install-prompt-shown-at';

export interface IosPromptInput {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Running as the installed app (navigator.standalone or display-mode standalone). */
  standalone: boolean;
  /** Epoch ms of the last time the prompt was shown, or null. */
  lastShownAt: number | null;
  now: number;
}

export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac; only the touch screen gives it away.
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

/** Safari itself, not Chrome/Firefox/Edge/Opera for iOS or an in-app web view (no "Safari" token). */
export function isSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser/.test(userAgent);
}

export function shouldShowIosInstallPrompt(input: IosPromptInput): boolean {
  if (input.standalone) return false;
  if (!isIos(input.userAgent, input.platform, input.maxTouchPoints) || !isSafari(input.userAgent)) return false;
  if (input.lastShownAt === null) return true;
  return input.now - input.lastShownAt >= IOS_PROMPT_INTERVAL_MS;
}

export function readIosPromptShownAt(storage: Storage): number | null {
  const raw = storage.getItem(IOS_PROMPT_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function markIosPromptShown(storage: Storage, now: number): void {
  storage.setItem(IOS_PROMPT_KEY, String(now));
}

/** Reads the live browser state for `shouldShowIosInstallPrompt`. */
export function currentIosPromptInput(win: Window, storage: Storage, now: number): IosPromptInput {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    standalone: nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true,
    lastShownAt: readIosPromptShownAt(storage),
    now,
  };
}
