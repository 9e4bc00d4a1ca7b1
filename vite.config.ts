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
 * for the system's settings (src/ui/island-media.css). Three ways to ship it (`SF_UTILITIES`):
 * - `file` (the script tag's runtime, the default of a build): a hashed .css file beside the chunks whose
 *   address the module exports, fetched once per page and kept out of the JavaScript;
 * - `module` (the packages a host app bundles): a chunk of its own holding the text, imported on first
 *   use, which every bundler and development server serves as it serves any chunk (a dev server answers
 *   a package's .css file with a module of its own, or moves the chunks away from it);
 * - `inline` (the single-file bundle, and the unit tests): the text itself.
 */
function utilityStylesheet(): Plugin {
  const id = 'virtual:storefront-utilities';
  const textId = 'virtual:storefront-utilities-text';
  let root = process.cwd();
  let mode: 'file' | 'module' | 'inline' = 'inline';
  const css = () => `${utilityCss(root)}\n${readFileSync(join(root, 'src/ui/island-media.css'), 'utf8')}`;
  return {
    name: 'storefront:utility-css',
    configResolved(config) {
      root = config.root;
      const asked = process.env.SF_UTILITIES;
      mode = config.command !== 'build' ? 'inline' : asked === 'module' || asked === 'inline' ? asked : 'file';
    },
    resolveId: (source) => (source === id || source === textId ? `\0${source}` : null),
    load(loaded) {
      if (loaded === `\0${textId}`) return `export default ${JSON.stringify(css())};`;
      if (loaded !== `\0${id}`) return null;
      if (mode === 'inline') return `export const utilitiesText = ${JSON.stringify(css())};\nexport const utilitiesUrl = '';\nexport const loadUtilities = null;`;
      if (mode === 'module') return `export const utilitiesText = '';\nexport const utilitiesUrl = '';\nexport const loadUtilities = () => import('${textId}').then((module) => module.default);`;
      const reference = this.emitFile({ type: 'asset', name: 'utilities.css', source: css() });
      return `export const utilitiesText = '';\nexport const utilitiesUrl = import.meta.ROLLUP_FILE_URL_${reference};\nexport const loadUtilities = null;`;
    },
  };
}

/**
 * r2wc reaches React through its default export (`import React from 'react'`; `React.createElement`).
 * Where React is Preact's compat layer (the script tag's runtime) that object holds every export, so the
 * whole layer would ship; as a namespace import the bundler keeps only what r2wc uses. Same members, same
 * calls: only the import's spelling changes, in r2wc's file alone.
 */
function r2wcNamespaceReact(): Plugin {
  return {
    name: 'storefront:r2wc-react-namespace',
    transform: {
      filter: { id: /@r2wc[\\/]react-to-web-component[\\/]dist[\\/].*\.js$/ },
      handler(code) {
        const rewritten = code.replace(/^import (\w+) from "react";$/m, 'import * as $1 from "react";');
        if (rewritten === code) throw new Error('@r2wc/react-to-web-component no longer imports React as expected: see r2wcNamespaceReact in vite.config.ts');
        return { code: rewritten, map: null };
      },
    },
  };
}

/**
 * @lingui/core warns about an uncompiled message with a paragraph of advice, kept in every build (it is not
 * behind its development check): some 330 characters every page downloads. Our catalogs and the English
 * messages are compiled (linguiMacros), so the warning never shows; it stays, as one line.
 */
function linguiShortWarning(): Plugin {
  return {
    name: 'storefront:lingui-short-warning',
    transform: {
      filter: { id: /@lingui[\\/]core[\\/]dist[\\/]index\.m?js$/ },
      handler(code) {
        const rewritten = code.replace(/console\.warn\(`Uncompiled message detected! Message:[^`]*`\);/, 'console.warn(`[lingui] uncompiled message: ${translation}`);');
        if (rewritten === code) throw new Error('@lingui/core no longer warns about uncompiled messages as expected: see linguiShortWarning in vite.config.ts');
        return { code: rewritten, map: null };
      },
    },
  };
}

/** Shared by the builds (scripts/build.mjs adds the entries) and vitest. */
export default defineConfig({
  plugins: [linguiMacros(), utilityStylesheet(), r2wcNamespaceReact(), linguiShortWarning(), react(), lingui()],
});
