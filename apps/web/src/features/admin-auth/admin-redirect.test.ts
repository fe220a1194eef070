import { describe, expect, it } from 'vitest';
import { adminRedirectTarget } from './admin-redirect.ts';

describe('admin sign-in redirect', () => {
  it('returns to the remembered admin page only', () => {
    expect(adminRedirectTarget({ from: { pathname: '/admin/users', search: '?x=1' } })).toBe(
      '/admin/users?x=1',
    );
    expect(adminRedirectTarget({ from: { pathname: '/dashboard' } })).toBe('/admin');
    expect(adminRedirectTarget({ from: { pathname: '/admin/login' } })).toBe('/admin');
    expect(adminRedirectTarget({ from: { pathname: '/administrator' } })).toBe('/admin');
    expect(adminRedirectTarget(null)).toBe('/admin');
  });
});
