import { describe, expect, it } from 'vitest';
import { AdminRegisterBodySchema } from './admin.ts';
import { NewPasswordSchema } from './common.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

describe('NewPasswordSchema', () => {
  it("says 'Password is required' first for an empty password", () => {
    expect(NewPasswordSchema.safeParse('').error?.issues[0]?.message).toBe('Password is required');
    expect(NewPasswordSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Password is required');
  });

  it('gives the length rule for a short one and accepts a long enough one', () => {
    expect(NewPasswordSchema.safeParse('short').error?.issues[0]?.message).toBe(
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    );
    expect(NewPasswordSchema.safeParse('long-enough-1').success).toBe(true);
  });

  it("gives 'Create First Admin' the spec's message (§5: email and password required)", () => {
    const result = AdminRegisterBodySchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: '' });
    expect(result.error?.issues.map((issue) => issue.message)[0]).toBe('Password is required');
  });
});
