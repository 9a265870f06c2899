import { vi } from 'vitest';

/**
 * Catches the files the app hands to the browser (lib/download-file.ts saveBlob) and returns their names as they
 * come. A real click on the download link would navigate happy-dom away and break the next test's requests.
 * Call in the test (or beforeEach); `vi.restoreAllMocks()` after it puts the link's click back.
 */
export function captureDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
