import { describe, expect, it } from 'vitest';
import { isButtonInitError } from './paypal-checkout.tsx';

describe('isButtonInitError', () => {
  it("recognises PayPalButtons' own start-up failure", () => {
    expect(
      isButtonInitError({
        message: 'Failed to render <PayPalButtons /> component. Failed to initialize:  Error: boom',
      }),
    ).toBe(true);
  });

  it('treats anything else as a payment error', () => {
    expect(isButtonInitError(new Error('Window closed'))).toBe(false);
    expect(isButtonInitError({})).toBe(false);
    expect(isButtonInitError(undefined)).toBe(false);
  });
});
