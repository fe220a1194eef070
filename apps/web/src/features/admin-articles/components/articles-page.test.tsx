import { describe, it } from 'vitest';
import { expectListLoadErrorThenRetry } from '../../../test/list-load-error.tsx';
import { ArticlesPage } from './articles-page.tsx';

describe('the article list when it fails to load (decision 0024)', () => {
  it("shows the error and 'Try again', never an empty list; a retry loads it", () =>
    expectListLoadErrorThenRetry({
      page: <ArticlesPage />,
      url: '/admin/articles',
      path: '/api/admin/articles',
      fallback: 'Error fetching articles',
      empty: /No articles found/,
      loaded: {
        articles: [
          {
            _id: 'a1',
            title: 'Sepsis six',
            summary: '',
            preview: '',
            category: 'medical',
            status: 'draft',
            createdAt: '2025-03-05T10:00:00.000Z',
            updatedAt: '2025-03-05T10:00:00.000Z',
          },
        ],
        page: 1,
        pages: 1,
        total: 1,
      },
      row: 'Sepsis six',
    }));
});
