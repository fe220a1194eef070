import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@mlp/contract';
import { api, routeUrl } from '@mlp/contract/routes';
import { activityQuery, type AdminActivityFilters } from './api/dashboard-keys.ts';
import { ACTION_LABELS, changeLine, ENTITY_TYPE_LABELS } from './activity-text.ts';
import { NO_FILTERS } from './components/activity-page.tsx';

describe('activity log text', () => {
  it('writes a change as before → after, an addition as its value, a hidden one as changed', () => {
    expect(changeLine({ field: 'Price', before: '£4.99', after: '£5.50' })).toBe('Price: £4.99 → £5.50');
    expect(changeLine({ field: 'Reason', before: null, after: 'Vague' })).toBe('Reason: Vague');
    expect(changeLine({ field: 'PayPal client secret', before: null, after: null })).toBe(
      'PayPal client secret changed',
    );
  });

  it('has a label for every action and entity type the server records', () => {
    for (const action of AUDIT_ACTIONS) expect(ACTION_LABELS[action]).toBeTruthy();
    for (const type of AUDIT_ENTITY_TYPES) expect(ENTITY_TYPE_LABELS[type]).toBeTruthy();
  });
});

describe('activityQuery', () => {
  it('sends the 1-based page, the rows per page and only the filters that are set', () => {
    const url = (filters: AdminActivityFilters) =>
      routeUrl(api.audit.list, undefined, activityQuery(filters));
    expect(url(NO_FILTERS)).toBe('/api/admin/audit?page=1&limit=10');
    expect(url({ ...NO_FILTERS, page: 2, rowsPerPage: 25, action: 'deleted', entityType: 'exam' })).toBe(
      '/api/admin/audit?page=3&limit=25&entityType=exam&action=deleted',
    );
  });

  it("turns days into a range from the first day's local midnight to the midnight after the last", () => {
    const query = activityQuery({ ...NO_FILTERS, from: '2026-11-20', to: '2026-11-22' });
    expect(query.from).toBe(new Date(2026, 10, 20).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 23).toISOString());
    // Month ends roll over.
    expect(activityQuery({ ...NO_FILTERS, to: '2026-12-31' }).to).toBe(new Date(2027, 0, 1).toISOString());
  });
});
