import { describe, expect, it } from 'vitest';
import { loginRedirectTarget } from './login-redirect.ts';

describe('loginRedirectTarget', () => {
  it('returns to the remembered path and query', () => {
    expect(loginRedirectTarget({ from: { pathname: '/exams/42/take', search: '?q=1', hash: '' } })).toBe(
      '/exams/42/take?q=1',
    );
  });

  it('defaults to /dashboard', () => {
    expect(loginRedirectTarget(null)).toBe('/dashboard');
    expect(loginRedirectTarget({})).toBe('/dashboard');
    expect(loginRedirectTarget({ from: { pathname: '/login' } })).toBe('/dashboard');
  });

  it('never leaves the site', () => {
    expect(loginRedirectTarget({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(loginRedirectTarget({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
  });
});
