import {
  MockBodySchema,
  type AdminMock,
  type MockBody,
  type MockLateStart,
  type MockRelease,
} from '@mlp/contract';

/** The form's values: times as the browser's `datetime-local` fields hold them (the administrator's time). */
export interface MockFormValues {
  examId: string;
  title: string;
  opensAt: string;
  closesAt: string;
  timeLimitMinutes: string;
  lateStart: MockLateStart;
  release: MockRelease;
  releaseAt: string;
}

export const LATE_START_LABELS: Record<MockLateStart, string> = {
  full: 'The full time limit',
  remaining: 'Only what is left of the time limit from the opening',
};

export const RELEASE_LABELS: Record<MockRelease, string> = {
  at_close: 'When the mock closes',
  immediately: 'As soon as each learner submits',
  at: 'At a time I choose',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a `datetime-local` value in this browser's time zone ('2026-12-20T09:00'). */
export function toLocalInput(value: string | Date): string {
  const date = new Date(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time, or '' when it is empty or not a time. */
function toIso(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The form's values for a new mock (opening in an hour, for a day) or for editing one. */
export function mockFormValues(mock?: AdminMock, now = new Date()): MockFormValues {
  if (mock)
    return {
      examId: mock.exam._id,
      title: mock.title,
      opensAt: toLocalInput(mock.opensAt),
      closesAt: toLocalInput(mock.closesAt),
      timeLimitMinutes: String(mock.timeLimitMinutes),
      lateStart: mock.lateStart,
      release: mock.release,
      releaseAt: mock.releaseAt ? toLocalInput(mock.releaseAt) : '',
    };
  const opens = new Date(now.getTime() + 60 * 60_000);
  opens.setMinutes(0, 0, 0);
  return {
    examId: '',
    title: '',
    opensAt: toLocalInput(opens),
    closesAt: toLocalInput(new Date(opens.getTime() + 24 * 60 * 60_000)),
    timeLimitMinutes: '120',
    lateStart: 'full',
    release: 'at_close',
    releaseAt: '',
  };
}

/** What the form sends, before the contract checks it. */
export function toMockBody(values: MockFormValues): MockBody {
  const minutes = values.timeLimitMinutes.trim();
  return {
    examId: values.examId,
    title: values.title,
    opensAt: toIso(values.opensAt),
    closesAt: toIso(values.closesAt),
    timeLimitMinutes: minutes === '' ? Number.NaN : Number(minutes),
    lateStart: values.lateStart,
    release: values.release,
    releaseAt: values.release === 'at' ? toIso(values.releaseAt) || null : null,
  };
}

/** The contract's schema over the form: the body, or each problem under its field. */
export function checkMockForm(
  values: MockFormValues,
):
  | { ok: true; body: MockBody }
  | { ok: false; issues: Array<{ path: keyof MockFormValues; message: string }> } {
  const parsed = MockBodySchema.safeParse(toMockBody(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({
    path: String(issue.path[0] ?? 'title') as keyof MockFormValues,
    message: issue.message,
  }));
  // One message a field: the first.
  const seen = new Set<string>();
  return { ok: false, issues: issues.filter((issue) => !seen.has(issue.path) && seen.add(issue.path)) };
}

export type MockGroup = 'open' | 'upcoming' | 'closed';

/** The list's sections: open now, upcoming (soonest first), closed or cancelled (latest first). */
export function groupMocks(mocks: AdminMock[]): Record<MockGroup, AdminMock[]> {
  const byOpening = (a: AdminMock, b: AdminMock) => Date.parse(a.opensAt) - Date.parse(b.opensAt);
  return {
    open: mocks.filter((m) => m.state === 'open').sort(byOpening),
    upcoming: mocks.filter((m) => m.state === 'upcoming').sort(byOpening),
    closed: mocks
      .filter((m) => m.state === 'closed' || m.state === 'cancelled')
      .sort((a, b) => byOpening(b, a)),
  };
}

/** The live view's bands of the paper: 'Questions in the first 10 %', … (MOCK_LIMITS.bands of them). */
export function progressBandLabel(band: number, bands: number): string {
  const step = 100 / bands;
  return `${Math.round(band * step)}–${Math.round((band + 1) * step)} % of the paper`;
}
