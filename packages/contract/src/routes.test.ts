import { describe, expect, it } from 'vitest';
import { api, routePath, routeUrl, type RouteDefinition } from './routes.ts';
import { endpointSchemas } from './endpoints.ts';

describe('the route table', () => {
  it('has exactly the endpoints the schema table has, each path starting /api/ and unique per method', () => {
    const seen = new Set<string>();
    for (const [group, routes] of Object.entries(api)) {
      expect(Object.keys(routes).sort()).toEqual(
        Object.keys(endpointSchemas[group as keyof typeof endpointSchemas]).sort(),
      );
      for (const route of Object.values(routes) as RouteDefinition[]) {
        expect(route.path).toMatch(/^\/api\//);
        const key = `${route.method} ${route.path}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    expect(Object.keys(api).sort()).toEqual(Object.keys(endpointSchemas).sort());
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(routePath(api.adminExams.editQuestion, { id: 'a b', qid: 'x/y' })).toBe(
      '/api/admin/exams/a%20b/questions/x%2Fy',
    );
    expect(() => routePath(api.exams.detail, {})).toThrow(/Missing path parameter id/);
  });

  it('writes the query string like URLSearchParams, in order, leaving out undefined and empty values', () => {
    const query = { page: 2, limit: 20, search: "heart & lung's (new)", empty: '', missing: undefined };
    // What URLSearchParams writes for the same values (spaces as '+'; & ' ( ) encoded).
    expect(routeUrl(api.exams.published, undefined, query)).toBe(
      '/api/exams/published?page=2&limit=20&search=heart+%26+lung%27s+%28new%29',
    );
    expect(routeUrl(api.articles.published)).toBe('/api/articles/published');
  });
});
