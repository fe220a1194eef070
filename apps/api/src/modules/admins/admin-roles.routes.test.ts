import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  api,
  IMPORT_MAX_BYTES,
  rolesFor,
  type AdminRole,
  type RouteDefinition,
} from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import { createAdmin, createLearner, queryRows, type Admin } from '../../../test/factories.ts';
import { roleRefusal } from '../../plugins/admin-auth.ts';

const t = useTestApp();

/** Every route of the contract with its key, e.g. `adminPayments.refund`. */
const everyRoute = Object.entries(api).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>).map(([name, route]) => ({ group, name, route })),
);
const adminRoutes = everyRoute.filter(({ route }) => route.auth === 'admin');
const learnerRoutes = everyRoute.filter(({ route }) => route.auth === 'learner');

/** Well-formed but unknown path parameters: a call that passes the role check meets a 404 or a 400. */
function paramsOf(route: RouteDefinition): Record<string, string> {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  return Object.fromEntries(
    names.map((name) => [name, name === 'version' ? '1' : '0190f3a2-0000-7000-8000-0000000000ff']),
  );
}

describe('administrator roles on every admin operation (decision 0067)', () => {
  const admins = {} as Record<AdminRole, Admin>;
  beforeAll(async () => {
    for (const role of ADMIN_ROLES) admins[role] = await createAdmin(t, { role });
  });

  it('declares roles for every admin route, and Owner may call them all', () => {
    expect(adminRoutes.length).toBeGreaterThan(60);
    for (const { group, name } of adminRoutes) {
      expect(rolesFor(group, name), `${group}.${name}`).toContain('owner');
    }
  });

  it('lets each role call exactly what the table allows: the others get 403 before their input is read', async () => {
    const refusals: string[] = [];
    for (const { group, name, route } of adminRoutes) {
      // Logging out would end the shared session: it gets a session of its own below.
      if (group === 'adminAuth' && name === 'logout') continue;
      const allowed = rolesFor(group, name)!;
      for (const role of ADMIN_ROLES) {
        // An empty body: an allowed caller meets validation (400) or an unknown id (404); a refused one
        // is told about its role first.
        const response = await t.send(route, {
          params: paramsOf(route),
          ...(route.method === 'GET' ? {} : { body: {} }),
          as: admins[role],
        });
        const label = `${role} ${route.method} ${route.path} → ${response.statusCode} ${response.message}`;
        if (allowed.includes(role)) {
          expect(response.statusCode, label).not.toBe(401);
          expect(response.message, label).not.toBe(roleRefusal(role, allowed));
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.message, label).toBe(roleRefusal(role, allowed));
          refusals.push(`${role} ${group}.${name}`);
        }
      }
    }
    // Spot checks of the table itself, so a widened row fails here too.
    expect(refusals).toEqual(
      expect.arrayContaining([
        'editor adminPayments.refund',
        'support adminPayments.list',
        'support adminSettings.save',
        'finance adminExams.create',
        'finance adminUsers.suspend',
        'editor adminUsers.list',
        'editor admins.create',
        'support admins.changeRole',
      ]),
    );
    expect(refusals).toEqual(
      expect.arrayContaining([
        'tutor stats.read',
        'tutor adminUsers.list',
        'tutor adminPayments.list',
        'tutor adminSettings.read',
        'tutor adminExams.update',
        'tutor adminCohorts.create',
        'editor adminCohorts.list',
        'support adminCohorts.detail',
        'finance adminCohorts.addMembers',
      ]),
    );
    expect(refusals).not.toContain('tutor adminCohorts.detail');
    expect(refusals).not.toContain('finance adminUsers.list');
    expect(refusals).not.toContain('support adminCommunity.moderate');
  });

  it('lets every role log out', async () => {
    for (const role of ADMIN_ROLES) {
      const admin = await createAdmin(t, { role });
      expect((await t.call(api.adminAuth.logout, { as: admin })).statusCode).toBe(204);
      expect((await t.call(api.adminAuth.me, { as: admin })).statusCode).toBe(401);
    }
  });

  it('says which roles an operation needs', () => {
    expect(roleRefusal('editor', ['owner', 'finance'])).toBe(
      'Your role (Editor) cannot do this. It needs Owner or Finance.',
    );
    expect(roleRefusal('finance', ['owner'])).toBe('Your role (Finance) cannot do this. It needs Owner.');
    expect(roleRefusal('finance', ['owner', 'editor', 'support'])).toBe(
      'Your role (Finance) cannot do this. It needs Owner, Editor or Support.',
    );
  });
});

describe('who is calling is checked before the input (decision 0067)', () => {
  it('answers every protected route without a token, or with the wrong kind, 401 — never 400', async () => {
    const learner = await createLearner(t);
    const admin = await createAdmin(t);
    for (const { route } of [...adminRoutes, ...learnerRoutes]) {
      const wrongKind = route.auth === 'admin' ? { headers: learner.headers } : { headers: admin.headers };
      for (const as of [null, wrongKind]) {
        const response = await t.send(route, {
          params: paramsOf(route),
          ...(route.method === 'GET' ? {} : { body: {} }),
          as,
        });
        expect(
          response.statusCode,
          `${route.method} ${route.path} as ${as ? 'the wrong kind' : 'nobody'}`,
        ).toBe(401);
      }
    }
  });

  it('answers every learner route with invalid input 401 without a token, and 401 or 403 with an administrator’s', async () => {
    expect(learnerRoutes.length).toBeGreaterThan(30);
    const admin = await createAdmin(t);
    const names = (route: RouteDefinition) =>
      [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
    for (const { route } of learnerRoutes) {
      // Every part of the input wrong at once: malformed ids, a query of the wrong kinds, a body that is
      // no object at all. Who is calling is decided first, so none of it is read.
      const input = {
        params: Object.fromEntries(names(route).map((name) => [name, 'not-an-id'])),
        query: { page: 'first', limit: '-1', cursor: '%%' },
        ...(route.method === 'GET' ? {} : { body: 'not an object' }),
      };
      const nobody = await t.send(route, { ...input, as: null });
      expect(nobody.statusCode, `${route.method} ${route.path} as nobody → ${nobody.message}`).toBe(401);
      const wrongKind = await t.send(route, { ...input, as: admin });
      expect(
        [401, 403],
        `${route.method} ${route.path} as an administrator → ${wrongKind.statusCode} ${wrongKind.message}`,
      ).toContain(wrongKind.statusCode);
    }
  });

  it('refuses an anonymous import of several megabytes before reading it', async () => {
    const huge = JSON.stringify({
      format: 'json',
      fileName: 'a.json',
      content: 'x'.repeat(IMPORT_MAX_BYTES + 2_000_000),
    });
    const response = await t.request({
      method: 'POST',
      url: api.questionImports.preview.path.replace(':id', '0190f3a2-0000-7000-8000-0000000000ff'),
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Administrator login required' });
  });

  it('answers the settings save without a token 401, not the list of missing fields', async () => {
    const response = await t.send(api.adminSettings.save, { body: {} });
    expect(response.statusCode).toBe(401);
    expect(response.message).toBe('Administrator login required');
  });
});

/** `as` (an Owner, to be allowed) gives the administrator `id` a new role. */
const changeRole = (as: Admin, id: string, role: AdminRole) =>
  t.call(api.admins.changeRole, { params: { id }, body: { role }, as });

describe("changing an administrator's role", () => {
  it('lets an Owner change a role, which holds from the next request, in the activity log', async () => {
    const owner = await createAdmin(t, { role: 'owner' });
    const colleague = await createAdmin(t, { role: 'editor' });
    expect((await t.call(api.adminExams.list, { as: colleague })).statusCode).toBe(200);
    expect((await t.call(api.adminUsers.list, { as: colleague })).statusCode).toBe(403);

    const changed = await changeRole(owner, colleague.id, 'support');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toMatchObject({
      message: 'Role changed',
      admin: { _id: colleague.id, role: 'support' },
    });
    // The same session, the new role: no sign-in needed, nothing left of the old one.
    expect((await t.call(api.adminUsers.list, { as: colleague })).statusCode).toBe(200);
    expect((await t.call(api.adminExams.list, { as: colleague })).statusCode).toBe(403);
    expect((await t.call(api.adminAuth.me, { as: colleague })).body).toMatchObject({ role: 'support' });

    const [entry] = await queryRows<{ action: string; details: Record<string, unknown> }>(
      t.ctx.db,
      sql`select action, details from audit_log where entity_id = ${colleague.id} and action = 'changed_role'`,
    );
    expect(entry).toEqual({
      action: 'changed_role',
      details: { label: colleague.email, from: 'editor', to: 'support' },
    });
    const activity = await t.call(api.audit.list, { query: { entityType: 'administrator' }, as: owner });
    expect(activity.body.entries.map((item) => item.summary)).toContain(
      `Changed the administrator ${colleague.email} from Editor to Support`,
    );
  });

  it('creates an administrator with the chosen role', async () => {
    const owner = await createAdmin(t, { role: 'owner' });
    const created = await t.call(api.admins.create, {
      body: { email: 'finance.person@example.com', password: 'Finance-Pass-123', role: 'finance' },
      as: owner,
    });
    expect(created.statusCode).toBe(201);
    expect(created.body.admin.role).toBe('finance');
    const bad = await t.send(api.admins.create, {
      body: { email: 'x.person@example.com', password: 'Finance-Pass-123', role: 'superuser' },
      as: owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toBe('Choose a role: Owner, Editor, Support, Finance or Tutor');
  });

  it('refuses an unknown role, an unknown administrator, and any role but Owner', async () => {
    const owner = await createAdmin(t, { role: 'owner' });
    const support = await createAdmin(t, { role: 'support' });
    const bad = await t.send(api.admins.changeRole, {
      params: { id: support.id },
      body: { role: 'admin' },
      as: owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toBe('Choose a role: Owner, Editor, Support, Finance or Tutor');
    const unknown = await changeRole(owner, '0190f3a2-0000-7000-8000-0000000000ee', 'editor');
    expect(unknown.statusCode).toBe(404);
    expect((await changeRole(owner, 'nope', 'editor')).statusCode).toBe(404);
    // Nobody raises their own role: only an Owner reaches the operation at all.
    const raise = await changeRole(support, support.id, 'owner');
    expect(raise.statusCode).toBe(403);
    expect((await t.call(api.adminAuth.me, { as: support })).body.role).toBe('support');
  });

  it('keeps at least one Owner, even when two Owners demote each other at once', async () => {
    // This file's app holds several Owners by now: leave exactly two.
    const first = await createAdmin(t, { role: 'owner' });
    const second = await createAdmin(t, { role: 'owner' });
    await t.ctx.db.execute(
      sql`update admins set role = 'editor' where role = 'owner' and id not in (${first.id}, ${second.id})`,
    );
    const [a, b] = await Promise.all([
      changeRole(first, second.id, 'editor'),
      changeRole(second, first.id, 'editor'),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The loser is refused either as the last Owner (409) or, already demoted, by its new role (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(
      await queryRows(t.ctx.db, sql`select count(*)::int as n from admins where role = 'owner'`),
    ).toEqual([{ n: 1 }]);
    const survivor = a.statusCode === 200 ? first : second;
    const self = await changeRole(survivor, survivor.id, 'finance');
    expect(self.statusCode).toBe(409);
    expect(self.message).toBe(
      'At least one administrator must stay an Owner. Make another administrator an Owner first.',
    );
    // An Owner may lower their own role while another Owner remains.
    const spare = await createAdmin(t, { role: 'owner' });
    const lowered = await changeRole(spare, spare.id, 'editor');
    expect(lowered.statusCode).toBe(200);
    expect((await t.call(api.admins.list, { as: spare })).statusCode).toBe(403);
  });
});

describe('the dashboard counters by role', () => {
  it('leaves the money out for a role without payments, and the whole site out for a Tutor', async () => {
    for (const role of ADMIN_ROLES) {
      const admin = await createAdmin(t, { role });
      const stats = await t.call(api.stats.read, { as: admin });
      // A Tutor sees only their cohorts (decision 0079): the site's counts are not theirs.
      if (role === 'tutor') {
        expect(stats.statusCode).toBe(403);
        continue;
      }
      expect(stats.statusCode).toBe(200);
      const seesMoney = role === 'owner' || role === 'finance';
      expect(stats.body.monthlyRecurringRevenuePence === null, role).toBe(!seesMoney);
      expect(stats.body.renewalsDueThisWeek === null, role).toBe(!seesMoney);
      expect(typeof stats.body.totalUsers).toBe('number');
    }
  });
});
