// `npm run lint`: the layers of the codebase as lint rules, plus typescript-eslint's
// recommended set. The arrows it holds (A ← B: B may import A, never the reverse):
//
//   contract (imports only itself and @sinclair/typebox)
//   src/core ← src/ui ← src/features/<one feature> ← src/app ← elements
//   server/db ← server/modules/<area>/domain (no HTTP) ← server/http ← its routes/ ← its index.ts ← server/app.ts
//   server/modules/<one module> ← server/modules/<another>, only through the first one's index.ts
//
// The storefront (src, elements) and the server never import each other; both import
// contract, the storefront only its rules and constants at run time (contract/api
// with `import type`, so TypeBox stays out of the browser bundle).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The folders directly under `dir`, read now so a new one is covered without editing this file. */
function foldersOf(dir) {
  const path = join(root, dir);
  return (existsSync(path) ? readdirSync(path, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every feature of the storefront (src/features/<name>) and every module of the server (server/modules/<area>). */
const features = foldersOf('src/features');
const serverModules = foldersOf('server/modules');

/** @type {{ target: string | string[], from: string | string[], except?: string[], message: string }[]} */
const zones = [
  // src/core ← src/ui ← features ← src/app ← elements: nothing imports upward.
  {
    target: 'src/core',
    from: ['src/ui', 'src/features', 'src/app', 'elements'],
    message: 'src/core (state and rules) imports no UI, feature, app or element code.',
  },
  {
    target: 'src/ui',
    from: ['src/features', 'src/app', 'elements'],
    message: 'src/ui (shared React pieces) imports no feature, app or element code.',
  },
  {
    target: 'src/features',
    from: ['src/app', 'elements'],
    message: 'A feature imports src/core and src/ui only.',
  },
  {
    target: 'src/app',
    from: 'elements',
    message: 'src/app imports no element code: the elements are built on top of it.',
  },
  // The full page's service worker runs apart from the page: it shares contract/ only, and no page code imports it.
  {
    target: 'src/service-worker',
    from: ['src/core', 'src/ui', 'src/features', 'src/app', 'elements'],
    message: 'src/service-worker runs in the service worker: it imports contract/ and Workbox only.',
  },
  {
    target: ['src/core', 'src/ui', 'src/features', 'src/app', 'elements'],
    from: 'src/service-worker',
    message: 'No page code imports the service worker: it is built apart (scripts/build.mjs) and registered by its address.',
  },
  // Features never import each other: one zone per feature folder.
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: `A feature never imports another feature (src/features/${feature} imports only its own folder); share through src/core or src/ui.`,
  })),
  // The storefront and the server share only contract/.
  {
    target: ['src', 'elements'],
    from: 'server',
    message: 'The storefront never imports the server: share code through contract/.',
  },
  {
    target: 'server',
    from: ['src', 'elements'],
    message: 'The server never imports the storefront: share code through contract/.',
  },
  // contract/ stands alone: its own files only (packages are held by no-restricted-imports below).
  {
    target: 'contract',
    from: `${root}/**`,
    except: [`${root}/contract/**`, `${root}/node_modules/**`],
    message: 'contract/ imports only its own files (and @sinclair/typebox).',
  },
  // Server modules meet only through each other's public entry: one zone per module folder, which
  // every other module may import through its index.ts alone.
  ...serverModules
    .map((area) => ({
      target: serverModules.filter((other) => other !== area).map((other) => `server/modules/${other}`),
      from: `server/modules/${area}`,
      except: ['./index.ts'],
      message: `Another module imports server/modules/${area} through its index.ts only (its public entry): export there what other modules need.`,
    }))
    .filter((zone) => zone.target.length > 0),
  // Shared infrastructure sits below the modules (their routes and domain import it): it may use a
  // module's domain file, never a module's routes or index.ts, which import it back.
  {
    target: ['server/http', 'server/db', 'server/config.ts', 'server/context.ts', 'server/clock.ts', 'server/errors.ts', 'server/bounded-cache.ts'],
    from: ['server/modules/*/routes/**', 'server/modules/**/index.ts'],
    message: 'server/http, server/db, config.ts, context.ts, clock.ts, errors.ts and bounded-cache.ts sit below the modules: they import no module\'s routes or index.ts.',
  },
  // A module's domain code knows nothing of HTTP: routes call the domain, not the reverse.
  {
    target: 'server/modules/*/domain/**',
    from: ['server/http/**', 'server/modules/*/routes/**'],
    message: 'A module\'s domain/ knows nothing of HTTP: its routes/ and server/http call the domain, not the reverse.',
  },
  // Payment providers are adapters: their routes (returns, webhooks, the test page) are the payments module's routes/.
  {
    target: ['server/modules/payments/providers/**', 'server/modules/payments/kit/**', 'server/modules/payments/adapters/**'],
    from: ['server/http/**', 'server/modules/*/routes/**'],
    message: 'server/modules/payments/{providers,kit,adapters} hold the provider kit and its adapters and know nothing of HTTP: a provider\'s routes live in server/modules/payments/routes.',
  },
  // Development-only code (the test fixture routes, the page of one-time codes) is reached from app.ts alone.
  {
    target: ['server/modules', 'server/http', 'server/db', 'server/seed'],
    from: 'server/dev',
    message: 'server/dev is development-only: only server/app.ts registers it, when asked for by name.',
  },
];

const contractApiAtRunTime =
  'The storefront imports contract/api with `import type` only: its TypeBox schemas must not reach the browser bundle.';
const noFastify = 'A module\'s domain/ and the payment kit and adapters (payments/providers, kit, adapters) know nothing of HTTP: no Fastify here.';
const contractImportsOnly =
  'contract/ is shared by the browser and Node: it imports only @sinclair/typebox and its own files (no node:*, no other package).';

export default defineConfig([
  globalIgnores(['tests/hosts/', 'dist/', 'server/dist/', 'coverage/', 'test-results/', 'playwright-report/', '.data/', '.tmp/', '.tsbuild/']),

  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  tseslint.configs.recommended,

  // React: the two classic hook rules at the plugin's own severities (the compiler-oriented
  // rules of its newer presets are left out).
  {
    files: ['src/**/*.{ts,tsx}', 'elements/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // Element tests assert with chai's property style (`expect(x).to.be.true`), which is an expression.
  {
    files: ['**/*.element.test.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },

  // Structure: import-x resolves each import to its file so the zones see real paths, and
  // no-cycle follows only files whose extension is in `import-x/extensions` (its default is
  // `.js` alone, which silently finds no cycle at all in .ts/.tsx code).
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.d.ts'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Type-only imports do not count: they vanish at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Storefront: contract/api is types only, whichever way it is written.
  {
    files: ['src/**/*.{ts,tsx}', 'elements/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)contract/api/', allowTypeImports: true, message: contractApiAtRunTime }] },
      ],
      'no-restricted-syntax': [
        'error',
        // `import { type A } from '…'` keeps an empty import at run time under verbatimModuleSyntax.
        {
          selector:
            "ImportDeclaration[importKind='value'][source.value=/(^|\\/)contract\\/api\\//][specifiers.length>0]:not(:has(ImportSpecifier[importKind='value'], ImportDefaultSpecifier, ImportNamespaceSpecifier))",
          message: `${contractApiAtRunTime} Write \`import type { … }\`, not \`import { type … }\`.`,
        },
        { selector: 'ImportExpression[source.value=/(^|\\/)contract\\/api\\//]', message: contractApiAtRunTime },
      ],
    },
  },

  // A module's domain code and the payment adapters: no Fastify (nor its plugins).
  {
    files: ['server/modules/*/domain/**/*.ts', 'server/modules/payments/{providers,kit,adapters}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: noFastify }],
          patterns: [{ regex: '^(fastify/|@fastify/)', message: noFastify }],
        },
      ],
    },
  },

  // contract/: no node:*, no package but TypeBox (its tests may also use vitest).
  {
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.{1,2}/|@sinclair/typebox(/|$))', message: contractImportsOnly }] },
      ],
    },
  },
  {
    files: ['contract/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.{1,2}/|@sinclair/typebox(/|$)|vitest$)', message: contractImportsOnly }] },
      ],
    },
  },
]);
