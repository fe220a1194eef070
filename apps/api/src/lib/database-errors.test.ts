import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './database-errors.ts';

/** An error shaped like node-postgres's DatabaseError, wrapped the way Drizzle wraps it. */
function wrapped(code: string, message = 'server error') {
  const cause = Object.assign(new Error(message), { code, severity: 'FATAL' });
  return Object.assign(new Error('Failed query: select 1\nparams: '), {
    query: 'select 1',
    params: [],
    cause,
  });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a server that is stopping, starting, gone or full', () => {
    expect(
      isDatabaseUnavailable(wrapped('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('08006'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
  });

  it('leaves query errors to the 500 path', () => {
    expect(isDatabaseUnavailable(wrapped('23514', 'violates check constraint'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it("finds PostgreSQL's 23505 for the named index, also wrapped as a cause", () => {
    const refused = { code: '23505', constraint: 'community_profiles_display_name' };
    expect(isUniqueViolation(refused, 'community_profiles_display_name')).toBe(true);
    expect(
      isUniqueViolation({ message: 'query failed', cause: refused }, 'community_profiles_display_name'),
    ).toBe(true);
    expect(isUniqueViolation(refused, 'users_email_unique')).toBe(false);
    expect(
      isUniqueViolation(
        { code: '23503', constraint: 'community_profiles_display_name' },
        'community_profiles_display_name',
      ),
    ).toBe(false);
    expect(isUniqueViolation(null, 'x')).toBe(false);
  });
});
