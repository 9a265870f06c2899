/**
 * SPEC §9 (and §2's top search box): a search, and every list filter typed into, waits 300 ms after the
 * last keystroke before it asks the server.
 */
export const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §9: client search reads pages of 100 (its schemas are in clients/client-search.ts). */
export const CLIENT_SEARCH_PAGE_SIZE = 100;
