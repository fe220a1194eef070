import { onTestFinished, vi } from 'vitest';

/**
 * Stands in for the browser's side of a download (jsdom has neither object URLs nor navigation): every
 * object URL is `url`, and a link's click does nothing but is recorded (`clicked.mock.contexts` are the
 * links clicked). The spies are restored when the test ends.
 */
export function stubDownload(url: string) {
  const spies = {
    created: vi.spyOn(URL, 'createObjectURL').mockReturnValue(url),
    revoked: vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined),
    clicked: vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined),
  };
  onTestFinished(() => {
    for (const spy of Object.values(spies)) spy.mockRestore();
  });
  return spies;
}
