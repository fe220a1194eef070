import { describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandler } from './global-errors.ts';

describe('global error handler', () => {
  it("swallows an opaque cross-origin 'Script error.' with a warning", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const uninstall = installGlobalErrorHandler();
    try {
      const opaque = new ErrorEvent('error', { message: 'Script error.', cancelable: true });
      window.dispatchEvent(opaque);
      expect(opaque.defaultPrevented).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);

      const real = new ErrorEvent('error', {
        message: 'Uncaught TypeError: x is undefined',
        filename: 'http://localhost/assets/index.js',
        error: new TypeError('x is undefined'),
        cancelable: true,
      });
      window.dispatchEvent(real);
      expect(real.defaultPrevented).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
      warn.mockRestore();
    }
  });
});
