import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
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

// findBy and waitFor give up after this long: a guard against a hung wait, not a speed check. The default
// second is less than a dashboard's first render takes on a busy 2-core machine beside a CI run.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  finishFakeApi();
  // Mantine keeps its toasts in a module-wide store: one a test left showing would reappear in the next test's
  // <Notifications />, and a slow machine leaves them longer than their 1.5 s.
  notifications.clean();
});
