import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Shared by the builds (scripts/build.mjs adds the entries) and vitest.
 * Lingui macros are compiled by Babel beside the React plugin.
 */
export default defineConfig({
  plugins: [
    // Messages stay in the bundle so a text missing from a catalog falls back to English, never to its id.
    babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]] }),
    react(),
    lingui(),
  ],
});
