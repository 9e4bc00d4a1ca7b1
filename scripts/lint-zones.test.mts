// The layers and module zones of eslint.config.js, proved with planted violations: each import
// below is linted as if it were written in the named file, and must be refused by the named rule;
// the same imports where they are allowed pass.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ZONES = 'import-x/no-restricted-paths';
const NO_FASTIFY = '@typescript-eslint/no-restricted-imports';

/** A planted file: where it claims to be, what it imports, and the rule that must refuse it (none: allowed). */
const PLANTED: Array<{ file: string; code: string; refusedBy?: string; why: string }> = [
  { file: 'src/core/planted.ts', code: "import '../ui/Button.tsx';", refusedBy: ZONES, why: 'core imports no UI' },
  { file: 'src/features/menu/planted.ts', code: "import '../orders/OrderCard.tsx';", refusedBy: ZONES, why: 'features never import each other' },
  { file: 'src/core/planted.ts', code: "import '../../server/http/errors.ts';", refusedBy: ZONES, why: 'the storefront never imports the server' },
  { file: 'server/modules/accounts/domain/planted.ts', code: "import '../routes/account.ts';", refusedBy: ZONES, why: 'the domain knows nothing of HTTP routes' },
  { file: 'server/modules/accounts/domain/planted.ts', code: "import type { FastifyInstance } from 'fastify';\nexport type App = FastifyInstance;", refusedBy: NO_FASTIFY, why: 'the domain takes no Fastify' },
  { file: 'server/modules/payments/providers/planted.ts', code: "import '../../../http/errors.ts';", refusedBy: ZONES, why: 'payment adapters know nothing of HTTP' },
  { file: 'server/modules/payments/providers/planted.ts', code: "import '../routes/provider-routes.ts';", refusedBy: ZONES, why: 'a provider\'s routes are the payments module\'s routes/' },
  { file: 'server/modules/payments/providers/planted.ts', code: "import type { FastifyReply } from 'fastify';\nexport type Reply = FastifyReply;", refusedBy: NO_FASTIFY, why: 'payment adapters take no Fastify' },
  { file: 'server/modules/payments/adapters/planted.ts', code: "import type { FastifyReply } from 'fastify';\nexport type Reply = FastifyReply;", refusedBy: NO_FASTIFY, why: 'a provider\'s adapter takes no Fastify' },
  { file: 'server/modules/payments/kit/planted.ts', code: "import '../../../http/errors.ts';", refusedBy: ZONES, why: 'the provider kit knows nothing of HTTP' },
  { file: 'server/modules/accounts/routes/planted.ts', code: "import '../../../dev/test-fixtures.ts';", refusedBy: ZONES, why: 'development-only code is registered by app.ts alone' },
  { file: 'server/modules/accounts/domain/planted.ts', code: "import '../../../dev/otp-page.ts';", refusedBy: ZONES, why: 'development-only code is registered by app.ts alone' },
  // Server modules meet only through each other's index.ts; a module's domain/ and the payment adapters know no HTTP.
  { file: 'server/modules/orders/domain/planted.ts', code: "import '../../pricing/domain/pricing.ts';", refusedBy: ZONES, why: 'a module reaches another only through its index.ts' },
  { file: 'server/modules/discovery/routes/planted.ts', code: "import '../../stores/routes/stores.ts';", refusedBy: ZONES, why: 'a module reaches another only through its index.ts' },
  { file: 'server/modules/orders/domain/planted.ts', code: "import '../../../http/errors.ts';", refusedBy: ZONES, why: 'a module\'s domain knows nothing of server/http' },
  { file: 'server/modules/orders/domain/planted.ts', code: "import '../routes/orders.ts';", refusedBy: ZONES, why: 'a module\'s domain knows nothing of its routes' },
  { file: 'server/modules/orders/domain/planted.ts', code: "import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';\nexport type Types = TypeBoxTypeProvider;", refusedBy: NO_FASTIFY, why: 'the domain takes no Fastify plugin' },
  { file: 'server/modules/payments/providers/planted.ts', code: "import '../../orders/routes/checkout.ts';", refusedBy: ZONES, why: 'payment adapters know nothing of any module\'s routes' },
  { file: 'server/http/planted.ts', code: "import '../modules/orders/index.ts';", refusedBy: ZONES, why: 'shared infrastructure sits below the modules' },
  { file: 'server/http/planted.ts', code: "import '../modules/accounts/routes/account.ts';", refusedBy: ZONES, why: 'shared infrastructure sits below the modules' },
  // The same kinds of import where the layers allow them.
  { file: 'src/features/menu/planted.ts', code: "import '../../ui/Button.tsx';", why: 'a feature uses the UI kit' },
  { file: 'server/modules/payments/routes/planted.ts', code: "import '../providers/confirm.ts';\nimport type { FastifyInstance } from 'fastify';\nexport type App = FastifyInstance;", why: 'routes use the adapters and Fastify' },
  { file: 'server/app.ts', code: "import './dev/test-fixtures.ts';", why: 'app.ts registers the development routes' },
  { file: 'server/modules/orders/domain/planted.ts', code: "import '../../pricing/index.ts';\nimport './orders.ts';", why: 'a module uses another through its index.ts, and its own files' },
  { file: 'server/modules/orders/routes/planted.ts', code: "import '../domain/orders.ts';\nimport '../../payments/index.ts';\nimport '../../../http/api.ts';", why: 'routes use their domain, other modules\' entries and server/http' },
  { file: 'server/http/planted.ts', code: "import '../modules/vendors/domain/vendors.ts';", why: 'shared infrastructure uses a module\'s domain' },
];

describe('lint zones, by planted violations', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  for (const { file, code, refusedBy, why } of PLANTED) {
    it(`${refusedBy ? 'refuses' : 'allows'} in ${file}: ${code.split('\n')[0]} (${why})`, async () => {
      const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${file}` });
      const rules = (result?.messages ?? []).map((message) => message.ruleId);
      if (refusedBy) expect(rules).toContain(refusedBy);
      else expect(rules.filter((rule) => rule === ZONES || rule === NO_FASTIFY)).toEqual([]);
    }, 60_000);
  }
});
