import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  // th and ru are offered in the selector and render the English texts.
  locales: ['en', 'ar', 'de', 'es', 'fr'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/elements'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
});
