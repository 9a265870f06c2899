import type { Page } from '@playwright/test';

/** An element to watch: the first match of `selector` that is rendered and, if given, contains `text`. */
export interface Probe {
  selector: string;
  text?: string;
}

/** On the page's own clock (performance.now(), ms): when the element first showed, and when it then went. */
export interface Moments {
  shown: number | null;
  gone: number | null;
}

declare global {
  interface Window {
    __casedeskMoments?: Record<string, Record<string, Moments>>;
  }
}

let watchCount = 0;

/**
 * Notes inside the page when each probe's element shows and goes, as the DOM changes. Short-lived
 * messages (1.5 s toasts, SPEC §9) and timed closes are checked from these notes, so a poll that
 * comes late on a busy machine can neither miss a message nor stretch a measured time.
 * Watches the current document: call it after the navigation, before the action.
 */
export async function watchMoments<K extends string>(
  page: Page,
  probes: Record<K, Probe>,
): Promise<() => Promise<Record<K, Moments>>> {
  const key = `watch${++watchCount}`;
  await page.evaluate(
    ({ key, probes }) => {
      const notes: Record<string, Moments> = {};
      const present = ({ selector, text }: Probe) =>
        Array.from(document.querySelectorAll(selector)).some(
          (el) => el.getClientRects().length > 0 && (!text || (el.textContent ?? '').includes(text)),
        );
      const check = () => {
        const now = performance.now();
        for (const [name, probe] of Object.entries(probes)) {
          const note = (notes[name] ??= { shown: null, gone: null });
          const here = present(probe);
          if (here && note.shown === null) note.shown = now;
          else if (!here && note.shown !== null && note.gone === null) note.gone = now;
        }
      };
      check();
      new MutationObserver(check).observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      window.__casedeskMoments = { ...window.__casedeskMoments, [key]: notes };
    },
    { key, probes: probes as Record<string, Probe> },
  );
  return () => page.evaluate((key) => window.__casedeskMoments?.[key] ?? {}, key) as Promise<Record<K, Moments>>;
}

/** A toast (Mantine notification) holding `text`. */
export const toast = (text: string): Probe => ({ selector: '.mantine-Notification-root', text });
