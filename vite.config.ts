import { transformAsync, types, type PluginObj } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { utilityCss } from './scripts/utility-css.mts';

/**
 * The English text of each message descriptor the macros wrote (`/*i18n*\/ { id, message }`), compiled the
 * way a catalog is (`'Order #{id}'` → `['Order #', ['id']]`): English pages then render from the code
 * itself and load no catalog, while other languages fall back to it for a text their catalog lacks.
 */
function compiledEnglish(): PluginObj {
  return {
    name: 'storefront-compiled-english',
    visitor: {
      ObjectExpression(path) {
        if (!path.node.leadingComments?.some((comment) => comment.value === 'i18n')) return;
        for (const property of path.node.properties) {
          if (property.type !== 'ObjectProperty' || property.key.type !== 'Identifier' || property.key.name !== 'message') continue;
          if (property.value.type !== 'StringLiteral') continue;
          const compiled = compileMessage(property.value.value);
          property.value = types.valueToNode(typeof compiled === 'string' ? [compiled] : compiled);
        }
      },
    },
  };
}

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
        const parserOpts = { plugins: [...(typescript ? (['typescript'] as const) : []), ...(jsx ? (['jsx'] as const) : [])] };
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts,
          // Messages stay in the bundle so a text missing from a catalog falls back to English, never to its id.
          plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]],
        });
        if (result?.code == null) return null;
        const compiled = await transformAsync(result.code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          inputSourceMap: result.map ?? undefined,
          parserOpts,
          plugins: [compiledEnglish],
        });
        return compiled?.code == null ? null : { code: compiled.code, map: compiled.map };
      },
    },
  };
}

/**
 * `virtual:storefront-utilities`: the stylesheet of the utility classes the storefront uses, made once per
 * build (scripts/utility-css.mts) so no CSS generator ships to the browser, followed by the islands' rules
 * for the system's settings (src/ui/island-media.css). Split builds emit it as a
 * hashed .css file beside the chunks and the module exports its address (fetched once per page, kept out
 * of the JavaScript); the single-file bundle (`SF_INLINE_CSS=1`) and the unit tests get the text itself.
 */
function utilityStylesheet(): Plugin {
  const id = 'virtual:storefront-utilities';
  let root = process.cwd();
  let emit = false;
  return {
    name: 'storefront:utility-css',
    configResolved(config) {
      root = config.root;
      emit = config.command === 'build' && process.env.SF_INLINE_CSS !== '1';
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      const css = `${utilityCss(root)}\n${readFileSync(join(root, 'src/ui/island-media.css'), 'utf8')}`;
      if (!emit) return `export const utilitiesText = ${JSON.stringify(css)};\nexport const utilitiesUrl = '';`;
      const reference = this.emitFile({ type: 'asset', name: 'utilities.css', source: css });
      return `export const utilitiesText = '';\nexport const utilitiesUrl = import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}

/** Shared by the builds (scripts/build.mjs adds the entries) and vitest. */
export default defineConfig({
  plugins: [linguiMacros(), utilityStylesheet(), react(), lingui()],
});
