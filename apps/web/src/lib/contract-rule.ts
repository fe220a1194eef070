import { z } from 'zod';

/**
 * A form field's text checked by `rule`, a schema of the contract, for `.transform(…)` after the form's
 * own checks: the rule's value, or its issues as the field's own, with `message` in their place where the
 * spec words the form's message differently. Zod's `.pipe` cannot take most contract rules here: their
 * input is wider than the field's text (a number or a string; unknown for coerced numbers).
 */
export function checkedBy<T>(rule: z.ZodType<T>, message?: string) {
  return (value: string, ctx: z.RefinementCtx): T => {
    const checked = rule.safeParse(value);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: message ?? issue.message });
    }
    return z.NEVER;
  };
}
