import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk, page } from './chunk.ts';

describe('loadChunk', () => {
  it('resolves with the module when the import succeeds', async () => {
    const module = { default: () => null };
    await expect(loadChunk('login', () => Promise.resolve(module))).resolves.toBe(module);
  });

  it("rejects with 'Loading chunk {id} failed' when the import fails", async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk('settings', () => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe('Loading chunk settings failed');
    expect((error as ChunkLoadError).cause).toBe(cause);
  });

  it('times out after 120 000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('about', () => new Promise<never>(() => undefined));
    const outcome = pending.catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(await outcome).toEqual(new ChunkLoadError('about'));
  });
});

describe('page', () => {
  it("gives React Router the module's default export as the route Component", async () => {
    const Component = () => null;
    await expect(page('home', () => Promise.resolve({ default: Component }))()).resolves.toEqual({
      Component,
    });
  });
});
