import { describe, expect, it } from 'vitest';
import { groupMembers, type ProbeChunk } from './route-chunk-groups.ts';

const layout = {
  isEntryModule: (id: string) => id === '/app/main.tsx',
  isRouteModule: (id: string) => id.startsWith('/app/routes/'),
  routeModuleId: (route: string) => `/app/routes/${route}.tsx`,
};

// A small build: the entry loads react and the shell; home and exams share a card; exams alone uses a
// text field; the admin page shares the text field and has an editor nobody else loads.
const chunks: ProbeChunk[] = [
  {
    fileName: 'index.js',
    isEntry: true,
    imports: ['react.js'],
    moduleIds: ['/index.html', '/app/main.tsx', '/app/layout.tsx'],
  },
  { fileName: 'react.js', isEntry: false, imports: [], moduleIds: ['/nm/react.js'] },
  {
    fileName: 'home.js',
    isEntry: false,
    imports: ['card.js', 'react.js'],
    moduleIds: ['/app/routes/home.tsx'],
  },
  {
    fileName: 'exams.js',
    isEntry: false,
    imports: ['card.js', 'text-field.js'],
    moduleIds: ['/app/routes/exams.tsx', '/app/exam-card.tsx'],
  },
  { fileName: 'card.js', isEntry: false, imports: [], moduleIds: ['/nm/Card.js'] },
  { fileName: 'text-field.js', isEntry: false, imports: [], moduleIds: ['/nm/TextField.js'] },
  {
    fileName: 'admin.js',
    isEntry: false,
    imports: ['text-field.js', 'editor.js'],
    moduleIds: ['/app/routes/admin.tsx'],
  },
  { fileName: 'editor.js', isEntry: false, imports: [], moduleIds: ['/nm/editor.js'] },
];

describe('groupMembers', () => {
  it('puts what the entry and home load first into the first group, minus route and entry modules', () => {
    const members = groupMembers(chunks, [{ name: 'app', routes: ['home'], withEntry: true }], layout);
    expect([...members.get('app')!].sort()).toEqual(['/app/layout.tsx', '/nm/Card.js', '/nm/react.js']);
  });

  it('gives a later group only what earlier groups do not hold, and leaves other pages alone', () => {
    const members = groupMembers(
      chunks,
      [
        { name: 'app', routes: ['home'], withEntry: true },
        { name: 'catalogue', routes: ['exams'] },
      ],
      layout,
    );
    expect([...members.get('catalogue')!].sort()).toEqual(['/app/exam-card.tsx', '/nm/TextField.js']);
    const grouped = new Set([...members.values()].flatMap((set) => [...set]));
    expect(grouped.has('/nm/editor.js')).toBe(false);
    expect(grouped.has('/app/routes/exams.tsx')).toBe(false);
  });

  it('fails the build when a route has no chunk', () => {
    expect(() => groupMembers(chunks, [{ name: 'x', routes: ['missing'] }], layout)).toThrow(/'missing'/);
  });
});
