import { createStore, useStore } from '@/lib/store';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** Persistent toasts stay until the user closes them. */
  persistent: boolean;
}

/** Spec 000 section 9: toasts last 4 s by default, at most 20 at once. */
export const TOAST_DURATION_MS = 4000;
export const MAX_TOASTS = 20;

const store = createStore<Toast[]>([]);
let nextId = 1;

export function showToast(
  message: string,
  {
    severity = 'info',
    persistent = false,
    durationMs = TOAST_DURATION_MS,
  }: { severity?: ToastSeverity; persistent?: boolean; durationMs?: number } = {},
): number {
  const id = nextId++;
  store.set((toasts) => [...toasts, { id, message, severity, persistent }].slice(-MAX_TOASTS));
  if (!persistent) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  store.set((toasts) => (toasts.some((t) => t.id === id) ? toasts.filter((t) => t.id !== id) : toasts));
}

export function getToasts(): Toast[] {
  return store.get();
}

export function useToasts(): Toast[] {
  return useStore(store);
}
