/**
 * Autosave of a form being filled in (spec 000 sections 4 and 9): checked every 5 s; checking
 * starts 10 s after the form loaded and saves only when the values changed; at most one save per
 * 30 s, the first 60 s after load at the earliest; skipped while a subform modal, the saving
 * dialog or loading is active. Pure scheduling: the caller supplies what to check and save.
 */
export const AUTOSAVE_CHECK_MS = 5_000;
export const AUTOSAVE_START_MS = 10_000;
export const AUTOSAVE_MIN_INTERVAL_MS = 30_000;
export const AUTOSAVE_FIRST_SAVE_MS = 60_000;

export interface AutosaveHooks {
  /** The values changed since load or since the last save. */
  hasChanges(): boolean;
  /** A subform modal, the saving dialog or loading is active. */
  isBusy(): boolean;
  save(): Promise<unknown> | void;
  now?(): number;
}

/** Starts the scheduler at form load; returns the stop function. */
export function startAutosave(hooks: AutosaveHooks): () => void {
  const now = hooks.now ?? Date.now;
  const loadedAt = now();
  let lastSave: number | null = null;
  let saving = false;
  let interval: ReturnType<typeof setInterval> | undefined;

  const check = () => {
    if (saving || hooks.isBusy() || !hooks.hasChanges()) return;
    const at = now();
    if (at - loadedAt < AUTOSAVE_FIRST_SAVE_MS) return;
    if (lastSave !== null && at - lastSave < AUTOSAVE_MIN_INTERVAL_MS) return;
    lastSave = at;
    saving = true;
    void Promise.resolve()
      .then(() => hooks.save())
      .catch((error: unknown) => console.error('autosave failed', error))
      .finally(() => {
        saving = false;
      });
  };

  const start = setTimeout(() => {
    interval = setInterval(check, AUTOSAVE_CHECK_MS);
    check();
  }, AUTOSAVE_START_MS);

  return () => {
    clearTimeout(start);
    clearInterval(interval);
  };
}
