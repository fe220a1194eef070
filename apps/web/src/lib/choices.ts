/** A fixed set of choices a page offers, each with its label (see `labelledChoices`). */
export interface LabelledChoices<Value extends string> {
  /** The values, in the order the page offers them. */
  values: readonly Value[];
  labels: Readonly<Record<Value, string>>;
  /** The value `text` names (a URL's `?filter=`, a radio button's value), or undefined if it names none. */
  read: (text: string | null) => Value | undefined;
}

/**
 * A page's fixed choices (a filter's tabs, the practice builder's sources) written once, as their labels
 * in the order they are offered: the values are read from the labels, so none can be offered without a
 * label, and text from outside (the URL) is matched against the values only, never an object's own keys.
 */
export function labelledChoices<Value extends string>(labels: Record<Value, string>): LabelledChoices<Value> {
  const values = Object.keys(labels) as Value[];
  return {
    values,
    labels,
    read: (text) => values.find((value) => value === text),
  };
}
