import { describe, expect, it } from 'vitest';
import { validateNewAdmin } from './forms.ts';

describe('new administrator (spec §5)', () => {
  const valid = {
    email: 'bob@example.com',
    name: '',
    password: 'Sturdy-Lemon-1',
    confirmPassword: 'Sturdy-Lemon-1',
  };

  it('checks presence, then the match, then the length', () => {
    expect(validateNewAdmin({ ...valid, email: ' ' })).toBe('Email and password fields are required');
    expect(validateNewAdmin({ ...valid, confirmPassword: '' })).toBe(
      'Email and password fields are required',
    );
    expect(validateNewAdmin({ ...valid, confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(validateNewAdmin({ ...valid, password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateNewAdmin({ ...valid, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(validateNewAdmin(valid)).toBeNull();
  });
});
