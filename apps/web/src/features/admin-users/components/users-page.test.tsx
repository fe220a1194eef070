import { describe, it } from 'vitest';
import { expectListLoadErrorThenRetry } from '../../../test/list-load-error.tsx';
import { UsersPage } from './users-page.tsx';

describe('the user list when it fails to load (decision 0024)', () => {
  it("shows the error and 'Try again', never an empty list; a retry loads it", () =>
    expectListLoadErrorThenRetry({
      page: <UsersPage />,
      url: '/admin/users',
      path: '/api/admin/users',
      fallback: 'Error fetching users',
      empty: /No users found/,
      loaded: {
        users: [
          {
            _id: 'u1',
            email: 'ada@example.com',
            name: 'Ada',
            createdAt: '2025-03-05T10:00:00.000Z',
            verified: true,
            suspended: false,
          },
        ],
        page: 1,
        pages: 1,
        total: 1,
      },
      row: 'ada@example.com',
    }));
});
