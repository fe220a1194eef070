import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Features never import each other (bulletproof-react); app/routes composes them.
const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message: 'Features do not import each other; compose them in app/routes.',
}));
// Shared web code serves every feature, so it never depends on one (decision 0027).
const sharedZones = ['components', 'lib'].map((folder) => ({
  target: `./apps/web/src/${folder}`,
  from: `./${featuresDir}`,
  message: 'Shared web code (components/, lib/) never imports a feature; move what both need here.',
}));

// API modules (decision 0051). A module's repository files are its own: other modules reach it through its
// public surface, the service, messages and DTO files (plus audit's pure change helper). The modules depend
// on each other only as this map says, and the map has no cycle. context.ts, app.ts, jobs.ts (the
// composition root) and tests may import anything.
const apiModulesDir = 'apps/api/src/modules';
const apiModules = existsSync(apiModulesDir) ? readdirSync(apiModulesDir) : [];
const apiModulePublicFiles = ['*.service.ts', '*.messages.ts', '*.dto.ts', 'audit-changes.ts'];
/** module → the modules it may import (their public files only); built from the imports as they are. */
const apiModuleDependencies = {
  'admin-exams': ['analytics', 'attempts', 'audit', 'exams', 'item-analysis', 'media', 'practice', 'reviews'],
  'admin-users': ['audit', 'devices', 'exams', 'payments', 'subscriptions', 'users'],
  admins: ['audit'],
  analytics: ['attempts', 'reviews'],
  articles: ['audit'],
  // Cohorts (decision 0079) read their members' sittings and results themselves; their writes are audited;
  // their report is written as the exports write a CSV.
  // Access paid by the organisation is the support desk's grant for each member (subscriptions, payments).
  // A practice set's assignment is checked against its exam's topics and questions (exams).
  // An assignment's item analysis is the members' sittings' (item-analysis).
  cohorts: ['audit', 'exams', 'exports', 'item-analysis', 'payments', 'subscriptions', 'users'],
  // A timed sitting's limit includes the learner's extra time from their cohorts (decision 0079).
  attempts: ['cohorts', 'exams', 'media', 'reviews'],
  audit: [],
  // Courses draw on articles and exams, start practice sets, read sittings, results and subscriptions.
  courses: ['articles', 'attempts', 'audit', 'exams', 'media', 'practice', 'subscriptions', 'users'],
  // The community reads whether a learner answered a question and whether an article is published itself
  // (one statement with the thread; decision 0056).
  community: ['audit'],
  // Data rights (decision 0069) read and erase a learner's rows of every table in their own repository.
  'data-rights': ['audit'],
  devices: [],
  // The public page's samples carry their images (decision 0061).
  exams: ['media'],
  // Exports read payments, results and learners themselves, a page at a time (decision 0068).
  exports: ['audit'],
  health: [],
  'item-analysis': [],
  media: [],
  // The operators' metrics read the outbox and renewals tables themselves (decision 0070).
  metrics: [],
  // Live mocks (decision 0077) sit, hand in and score through attempts; their writes are audited; their
  // reminders link to the learner's app (users' appLink); a sitting's limit includes the learner's extra
  // time from their cohorts. After the close, the item analysis of its sittings alone (item-analysis).
  mocks: ['attempts', 'audit', 'cohorts', 'item-analysis', 'users'],
  // Notes read whether a learner was shown a question, and their results' snapshots, themselves (decision 0059).
  notes: [],
  payments: ['audit', 'exams', 'settings', 'subscriptions', 'users'],
  // Practice builds review sessions from reviews' due cards; reviews never imports practice. It starts the
  // practice sets cohorts assign (their draw, the member's subscription, the link; decision 0079).
  practice: ['attempts', 'cohorts', 'reviews', 'subscriptions'],
  'question-imports': ['admin-exams', 'audit'],
  reports: ['audit', 'users'],
  reviews: [],
  settings: ['audit'],
  stats: ['reports'],
  subscriptions: ['exams', 'users'],
  'test-hooks': [],
  users: ['devices'],
};

/** The first cycle in a module → dependencies map (['a', 'b', 'a']), or undefined when there is none. */
function findCycle(graph) {
  const done = new Set();
  const trail = [];
  const visit = (node) => {
    if (done.has(node)) return undefined;
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    trail.push(node);
    for (const next of graph[node] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(node);
    return undefined;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

if (apiModules.length > 0) {
  const unlisted = apiModules.filter((module) => !Object.hasOwn(apiModuleDependencies, module));
  if (unlisted.length > 0)
    throw new Error(`eslint.config.js: add ${unlisted.join(', ')} to apiModuleDependencies (decision 0051)`);
  for (const [module, dependencies] of Object.entries(apiModuleDependencies)) {
    const unknown = [module, ...dependencies].filter((name) => !apiModules.includes(name));
    if (unknown.length > 0)
      throw new Error(`eslint.config.js: apiModuleDependencies names no module folder ${unknown.join(', ')}`);
  }
  const cycle = findCycle(apiModuleDependencies);
  if (cycle)
    throw new Error(
      `eslint.config.js: apiModuleDependencies has a cycle, ${cycle.join(' → ')}; make the dependency go one way (decision 0051)`,
    );
}

const apiModulesRoot = path.resolve(import.meta.dirname, apiModulesDir);
const apiModuleZones = apiModules.flatMap((module) => {
  const target = `./${apiModulesDir}/${module}`;
  const others = apiModules.filter((other) => other !== module);
  const allowed = apiModuleDependencies[module] ?? [];
  return [
    {
      target,
      from: others.map((other) => `./${apiModulesDir}/${other}/**/*.repository.ts`),
      message: `A repository is private to its module: call a function of that module's service (add a thin one that passes the executor through) (decision 0051).`,
    },
    {
      target,
      from: others.map((other) => `./${apiModulesDir}/${other}/**/*`),
      // Globs in `except` are matched against the absolute path of the imported file.
      except: [...apiModulePublicFiles, '*.repository.ts'].map((file) => `${apiModulesRoot}/*/**/${file}`),
      message: `Other modules see only a module's ${apiModulePublicFiles.join(', ')} files; move what is shared there (decision 0051).`,
    },
    {
      target,
      from: `./${apiModulesDir}`,
      except: [module, ...allowed].map((name) => `./${name}`),
      message:
        allowed.length > 0
          ? `Module ${module} may import only ${allowed.join(', ')} (apiModuleDependencies in eslint.config.js, decision 0051).`
          : `Module ${module} imports no other module (apiModuleDependencies in eslint.config.js, decision 0051).`,
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/extensions': ['.ts', '.tsx', '.js'] },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins are async functions by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through apps/api/src/config/env.ts only.',
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/config/env.ts',
      'apps/api/src/**/*.test.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'apps/api/test/**',
      '*.config.{ts,js}',
      '**/*.config.{ts,js}',
      // Build tooling for vite.config.ts (runs in Node at build time, never in the browser).
      'apps/web/build/**',
      'apps/api/drizzle.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Nothing imports a test, so a test is never part of a cycle; the modules it imports are checked in
    // their own files. Following every import of 300 tests again was a fifth of the rule's time (decision 0082).
    files: ['**/*.test.{ts,tsx}', 'e2e/tests/**'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }],
    },
  },
  {
    // Decision 0028: routes → service → repository. Only repositories, db/ and tests talk to
    // Drizzle and the schema; nothing imports a routes file but app.ts, which registers them all.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/app.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories (and db/) use Drizzle: add a repository function (decision 0028).',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: 'Only repositories (and db/) import the schema; export row types from the repository.',
            },
            {
              group: ['**/*.routes.ts'],
              message:
                'Routes files are registered by app.ts only; share code through a service or messages file.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web test files share a worker's module graph (vitest isolate: false, decision 0052): a module stand-in
    // would leak into the files after it, so only *.isolated.test.tsx files (a worker each) may use one.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock)$/]",
          message:
            'vi.mock leaks into the other files of a worker here: name the file *.isolated.test.tsx (decision 0052).',
        },
      ],
    },
  },
  {
    // Decision 0051: module boundaries in the API (zones above). Tests may import anything.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiModuleZones }],
    },
  },
  {
    // Decision 0051: outside modules/ (plugins, lib, jobs' helpers), a module is reached through its service
    // too; only db/, tests and the composition root (context.ts, app.ts, jobs.ts) may import a repository.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/**',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/context.ts',
      'apps/api/src/app.ts',
      'apps/api/src/jobs.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `./apps/api/src`,
              from: `./${apiModulesDir}/**/*.repository.ts`,
              message: `A module's repository is its own: call a function of that module's service (add a thin one that passes the executor through) (decision 0051).`,
            },
          ],
        },
      ],
    },
  },
  {
    // app.ts registers the routes; it still never touches Drizzle.
    files: ['apps/api/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'] }] },
      ],
    },
  },
  {
    // Decision 0028: the web names endpoints by their route (api.<group>.<name>), never by a URL string.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
          message:
            'Call apiRequest(api.<group>.<name>, …) from @mlp/contract/routes instead of writing a URL.',
        },
      ],
    },
  },
  {
    // Decision 0017: writes go through lib/use-mutation.ts, which sends one request per double click.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/use-mutation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message:
                "Import useMutation from 'lib/use-mutation.ts' (one request at a time, decision 0017).",
            },
          ],
        },
      ],
    },
  },
  {
    // Decision 0020: every contract string refuses U+0000 and lone surrogates; build them with safeString().
    files: ['packages/contract/src/**/*.ts', 'apps/api/src/modules/**/*.ts'],
    ignores: ['packages/contract/src/strings.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='z'][property.name=/^(string|url|httpUrl|base64|base64url|hex|templateLiteral)$/], MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
          message:
            'Use safeString() from strings.ts so NUL bytes and lone surrogates answer 400 (decision 0020).',
        },
      ],
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
