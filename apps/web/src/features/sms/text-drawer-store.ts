import { useSyncExternalStore } from 'react';

/**
 * Who asked the Text Message drawer to open, and on what (SPEC §2/§4). The drawer is one per app
 * (mounted by the shell); the quick action, the notification bell, the client and inquiry screens
 * and the chat options open it through here without importing it.
 * - no target: add mode, empty form;
 * - `smsId`: edit mode on that message (from a notification or a history item);
 * - `clientId` / `inquiryId` / `phoneNumber`: add mode prefilled for that client or lead;
 * - `collectionAccountId`: the text is about that collection account (sent with it, so it joins the account's
 *   timeline), and `categoryGroupTypes` narrows the categories offered (e.g. the COLLECTIONS ones).
 */
export interface TextDrawerTarget {
  smsId?: string;
  clientId?: string;
  inquiryId?: string;
  phoneNumber?: string;
  collectionAccountId?: string;
  categoryGroupTypes?: readonly string[];
}

export interface TextDrawerState {
  opened: boolean;
  target: TextDrawerTarget;
  /** Bumped on every open, so the drawer resets its form even when the target is the same. */
  openCount: number;
}

type Listener = () => void;

let state: TextDrawerState = { opened: false, target: {}, openCount: 0 };
const listeners = new Set<Listener>();

function set(next: TextDrawerState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function openTextDrawer(target: TextDrawerTarget = {}): void {
  set({ opened: true, target, openCount: state.openCount + 1 });
}

export function closeTextDrawer(): void {
  set({ ...state, opened: false });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTextDrawer(): TextDrawerState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
