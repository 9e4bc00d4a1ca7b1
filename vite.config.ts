import { transformAsync } from '@babel/core';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Lingui macros (`t`, `Trans`, `msg`…) compiled by Babel before the React plugin sees the file.
 * A few lines of our own rather than a Babel plugin package: the one for Vite 8 needs Node 22,
 * and we support Node 20.19 as well.
 */
function linguiMacros(): Plugin {
  return {
    name: 'storefront:lingui-macros',
    enforce: 'pre',
    transform: {
      // Our own script files that import a macro (not @lingui/core or @lingui/react themselves): the
      // bundler skips every other file without calling into this plugin.
      filter: {
        id: { include: /\.[cm]?[jt]sx?(?:\?|$)/, exclude: /\/node_modules\// },
        code: /['"]@lingui\/(?:core\/|react\/)?macro['"]/,
      },
      async handler(code, id) {
        const file = id.split('?')[0] ?? id;
        const extension = /\.([cm]?[jt]sx?)$/.exec(file)?.[1] ?? '';
        const typescript = extension.includes('t');
        const jsx = extension.endsWith('x');
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: [...(typescript ? (['typescript'] as const) : []), ...(jsx ? (['jsx'] as const) : [])] },
          // Messages stay in the bundle so a text missing from a catalog falls back to English, never to its id.
          plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]],
        });
        return result?.code == null ? null : { code: result.code, map: result.map };
      },
    },
  };
}

/** Shared by the builds (scripts/build.mjs adds the entries) and vitest. */
export default defineConfig({
  plugins: [linguiMacros(), react(), lingui()],
});
