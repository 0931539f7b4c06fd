/**
 * The in-page notification list (SPEC sections 3, 4 and 9). Pure: no DOM and no global timers,
 * so unit tests drive time through an injected scheduler.
 */

export const toastTypes = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof toastTypes)[number];

/** Used when a toast names no duration of its own and its type has none. */
export const DEFAULT_TOAST_DURATION = 5000;
export const toastDurations: Readonly<Record<ToastType, number>> = {
  success: 5000,
  error: 8000,
  warning: 6000,
  info: 5000,
};

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string | undefined;
  /** Milliseconds before the toast removes itself; ignored when persistent. */
  duration: number;
  persistent: boolean;
  /** One optional button beside the close button, e.g. "Reload". */
  action?: ToastAction | undefined;
}

export interface ToastInput {
  id?: string | undefined;
  type?: ToastType | undefined;
  title: string;
  message?: string | undefined;
  duration?: number | undefined;
  persistent?: boolean | undefined;
  action?: ToastAction | undefined;
}

/** Runs `callback` after `ms` milliseconds and returns a function that cancels it. */
export type Scheduler = (callback: () => void, ms: number) => () => void;

export const timerScheduler: Scheduler = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

export type ToastListener = (toasts: readonly Toast[]) => void;

export interface ToastStore {
  add(input: ToastInput): Toast;
  remove(id: string): void;
  clear(): void;
  list(): readonly Toast[];
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: ToastListener): () => void;
}

export interface ToastStoreOptions {
  schedule?: Scheduler;
  createId?: () => string;
}

export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const schedule = options.schedule ?? timerScheduler;
  let counter = 0;
  const createId = options.createId ?? (() => `toast-${++counter}`);

  let toasts: readonly Toast[] = [];
  const cancels = new Map<string, () => void>();
  const listeners = new Set<ToastListener>();

  const emit = () => {
    for (const listener of listeners) listener(toasts);
  };
  const cancelTimer = (id: string) => {
    cancels.get(id)?.();
    cancels.delete(id);
  };

  const remove = (id: string) => {
    cancelTimer(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };

  return {
    add(input) {
      const type = input.type ?? 'info';
      const duration =
        input.duration !== undefined && input.duration >= 0
          ? input.duration
          : (toastDurations[type] ?? DEFAULT_TOAST_DURATION);
      const toast: Toast = {
        id: input.id ?? createId(),
        type,
        title: input.title,
        message: input.message,
        duration,
        persistent: input.persistent ?? false,
        action: input.action,
      };
      // Adding an id that is already shown replaces it in place and restarts its clock.
      cancelTimer(toast.id);
      const index = toasts.findIndex((t) => t.id === toast.id);
      toasts = index === -1 ? [...toasts, toast] : toasts.map((t, i) => (i === index ? toast : t));
      if (!toast.persistent)
        cancels.set(
          toast.id,
          schedule(() => remove(toast.id), toast.duration),
        );
      emit();
      return toast;
    },
    remove,
    clear() {
      for (const cancel of cancels.values()) cancel();
      cancels.clear();
      if (toasts.length === 0) return;
      toasts = [];
      emit();
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
