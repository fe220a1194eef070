import { describe, expect, it } from 'vitest';
import { adminRedirectTarget } from './admin-redirect.ts';
import { normaliseLinkUrl, articleProblem } from './components/articles/article-rules.ts';
import { generateArticleError } from './components/articles/generate-article-dialog.tsx';
import { validateNewAdmin } from './forms.ts';
import { ApiError } from '../../lib/api-client.ts';

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

describe('articles', () => {
  it('allows only http, https and mailto links', () => {
    expect(normaliseLinkUrl('https://www.nice.org.uk/guidance')).toBe('https://www.nice.org.uk/guidance');
    expect(normaliseLinkUrl('www.bnf.org')).toBe('https://www.bnf.org');
    expect(normaliseLinkUrl('mailto:editor@example.com')).toBe('mailto:editor@example.com');
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(normaliseLinkUrl('  ')).toBeNull();
  });

  it('requires title, category and content text', () => {
    const draft = { title: 'T', summary: '', category: 'medical' as const, status: 'draft' as const };
    expect(articleProblem(draft, 'Body')).toBeNull();
    expect(articleProblem(draft, '   ')).toBe('Please fill in all required fields');
    expect(articleProblem({ ...draft, category: '' }, 'Body')).toBe('Please fill in all required fields');
  });

  it("reports AI failures as 'Failed to generate article: {reason}'", () => {
    expect(generateArticleError(new ApiError(503, 'AI drafting is not configured'))).toBe(
      'Failed to generate article: AI drafting is not configured',
    );
    expect(generateArticleError(new ApiError(0))).toBe('Failed to generate article: Network error');
  });
});
