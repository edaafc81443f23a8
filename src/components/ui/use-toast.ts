"use client";

import { useSyncExternalStore, type ReactNode } from "react";

/** docs/product.md#toasts: at most one toast visible, a new one replaces the old, 5000 ms unless the duration is infinite. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive" | "success";

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; Infinity keeps the toast until it is dismissed. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function removeToast(id: string) {
  emit(toasts.filter((t) => t.id !== id));
}

/** Shows a toast and returns handles to dismiss or update it. */
export function toast(input: ToastInput) {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastItem[] = [];

export function useToast() {
  const current = useSyncExternalStore(subscribe, () => toasts, () => serverSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
