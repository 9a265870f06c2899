/**
 * SPEC §9 (and §2's top search box): a search, and every list filter typed into, waits 300 ms after the
 * last keystroke before it asks the server.
 */
export const SEARCH_DEBOUNCE_MS = 300;
