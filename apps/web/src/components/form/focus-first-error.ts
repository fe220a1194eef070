import { useEffect, useRef } from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * After each refused submit, focuses the first field of `order` (the form's order on screen) that has a
 * problem, once the render showing its message is on screen: the field is then read out as invalid and
 * with its message (its aria-describedby). react-hook-form's own `shouldFocusError` focuses before that
 * render, so a screen reader would announce the field without its message; a form using this hook sets
 * `shouldFocusError: false`. The focus is the field's ref's (`field.ref`), so a field may give a ref
 * whose `focus` first scrolls it into view (the article form does, clear of the fixed top bar).
 */
export function useFocusFirstError<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  order: ReadonlyArray<FieldPath<TValues>>,
): void {
  const { submitCount, errors } = form.formState;
  const handled = useRef(submitCount);
  const { setFocus } = form;
  useEffect(() => {
    if (submitCount === handled.current) return;
    handled.current = submitCount;
    const first = order.find((name) => get(errors, name) !== undefined);
    if (first) setFocus(first);
  }, [submitCount, errors, order, setFocus]);
}
