import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { finishFakeApi } from './fake-api.ts';

// Mantine reads these browser APIs that happy-dom leaves out.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  cleanup();
  finishFakeApi();
});
