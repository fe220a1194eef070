/**
 * One changed field as the audit log stores it (details.changes): the raw values, formatted only when
 * shown. A change without `before` and `after` says the field changed without saying how (secrets,
 * article bodies).
 */
export interface RecordedChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** Longer texts are cut: the log says what changed, it is not a copy of every version. */
const MAX_TEXT = 200;

function recordable(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields of `after` whose values differ from `before`, in `after`'s order, for an audit entry.
 * Fields listed in `nameOnly` are recorded without their values.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  nameOnly: ReadonlyArray<keyof T & string> = [],
): RecordedChange[] {
  return (Object.keys(after) as Array<keyof T & string>)
    .filter((field) => !same(before[field], after[field]))
    .map((field) =>
      nameOnly.includes(field)
        ? { field }
        : { field, before: recordable(before[field]), after: recordable(after[field]) },
    );
}
