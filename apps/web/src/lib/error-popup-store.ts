import { useSyncExternalStore } from 'react';

/**
 * The messages the general error popup shows (SPEC §8). A tiny store in lib/ so the api client
 * can report failures without importing UI; components/error-popup.tsx renders it.
 */
type Listener = () => void;

let messages: readonly string[] = [];
const listeners = new Set<Listener>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function reportError(message: string): void {
  // The same failure from several calls at once is shown once.
  if (messages.includes(message)) return;
  messages = [...messages, message];
  emit();
}

export function dismissError(): void {
  messages = messages.slice(1);
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): readonly string[] {
  return messages;
}

export function usePendingErrors(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
