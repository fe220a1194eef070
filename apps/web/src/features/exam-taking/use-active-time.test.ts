import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, noAnswer, stubFetch } from '../../test/fetch-stub.ts';
import { HEARTBEAT_INTERVAL_MS, useActiveTime } from './use-active-time.ts';

const attemptId = '0195f0c2-0000-7000-8000-000000000001';
let hidden = false;

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
  window.localStorage.setItem('token', 'learner-token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setVisible(visible: boolean) {
  hidden = !visible;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useActiveTime (ADR 0018)', () => {
  it('shows time spent in the exam: it stands still while the page is hidden', async () => {
    const requests = stubFetch({
      [`POST /api/exams/attempts/${attemptId}/heartbeat`]: () => json({ elapsedSeconds: 130 }),
    });
    const { result } = renderHook(() => useActiveTime(attemptId, 120, 2, true));
    expect(result.current).toBe(120);
    await advance(5_000);
    expect(result.current).toBe(125);
    // Every tab hidden (or closed) for a minute: the clock does not count it, nor beat.
    setVisible(false);
    await advance(60_000);
    expect(result.current).toBe(125);
    expect(requests).toHaveLength(0);
    // Back: a heartbeat at once, and the clock follows the server's count.
    setVisible(true);
    await advance(0);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', `/api/exams/attempts/${attemptId}/heartbeat`, { currentIndex: 2 }],
    ]);
    expect(result.current).toBe(130);
  });

  it('gives up on a heartbeat the server never answers after 15 s; the next one reaches the server', async () => {
    let answering = false;
    const requests = stubFetch({
      [`POST /api/exams/attempts/${attemptId}/heartbeat`]: (request) =>
        answering ? json({ elapsedSeconds: 200 }) : noAnswer(request),
    });
    const { result } = renderHook(() => useActiveTime(attemptId, 120, 0, true));
    await advance(HEARTBEAT_INTERVAL_MS);
    expect(requests).toHaveLength(1);
    answering = true;
    await advance(HEARTBEAT_INTERVAL_MS);
    // The first was aborted (not left open to hold a connection); the second answered.
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(requests).toHaveLength(2);
    expect(result.current).toBe(200);
  });

  it('sends a heartbeat every 15 s while visible, and none once stopped', async () => {
    let beats = 0;
    const requests = stubFetch({
      [`POST /api/exams/attempts/${attemptId}/heartbeat`]: () => json({ elapsedSeconds: 15 * ++beats }),
    });
    const { result, rerender } = renderHook(({ running }) => useActiveTime(attemptId, 0, 0, running), {
      initialProps: { running: true },
    });
    await advance(HEARTBEAT_INTERVAL_MS);
    expect(requests).toHaveLength(1);
    await advance(HEARTBEAT_INTERVAL_MS);
    expect(requests).toHaveLength(2);
    expect(result.current).toBe(30);
    rerender({ running: false });
    await advance(HEARTBEAT_INTERVAL_MS * 3);
    expect(requests).toHaveLength(2);
    expect(result.current).toBe(30);
  });
});
