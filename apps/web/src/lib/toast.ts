import { useSyncExternalStore } from 'react';

/**
 * Error toasts without the toast library on the first screen: the first toast asks for the
 * toaster (a lazy chunk) and waits in this queue until it is mounted.
 */
interface ToastItem {
  message: string;
  id?: string | undefined;
  kind?: 'error' | 'success';
}

let pending: ToastItem[] = [];
let deliver: ((item: ToastItem) => void) | null = null;
let requested = false;
const listeners = new Set<() => void>();

export function toastError(message: string, id?: string) {
  show({ message, id });
}

/** "Saved": the form's success, said where the person is looking (issue 10 point 6). */
export function toastSuccess(message: string, id?: string) {
  show({ message, id, kind: 'success' });
}

function show(item: ToastItem) {
  if (deliver) return deliver(item);
  pending.push(item);
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
}

export function useToasterRequested() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}

/** Called by the mounted toaster; returns the detach function. */
export function attachToaster(show: (item: ToastItem) => void) {
  deliver = show;
  pending.forEach(show);
  pending = [];
  return () => {
    deliver = null;
  };
}
