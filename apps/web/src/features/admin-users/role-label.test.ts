import { describe, expect, it } from 'vitest';
import { capitalise, roleLabel } from './role-label.ts';

describe('roleLabel (spec §2 Admin management: Role, fallback Admin)', () => {
  it("shows the stored 'admin' role as 'Admin'", () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('ADMIN')).toBe('Admin');
  });

  it("falls back to 'Admin' when no role is stored", () => {
    expect(roleLabel('')).toBe('Admin');
    expect(roleLabel('  ')).toBe('Admin');
    expect(roleLabel(null)).toBe('Admin');
    expect(roleLabel(undefined)).toBe('Admin');
  });

  it('turns other role codes into words', () => {
    expect(roleLabel('super_admin')).toBe('Super Admin');
    expect(roleLabel('content-editor')).toBe('Content Editor');
  });
});

describe('capitalise', () => {
  it('upper-cases the first letter', () => {
    expect(capitalise('created exam')).toBe('Created exam');
  });
});
