import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// As `npm create vue@latest` writes it, and Vue told that sf-* tags are custom elements (docs/frameworks.md).
// Two pages: index.html imports the package, script-tag.html loads the script tag instead.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('sf-') } } })],
  build: {
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'script-tag': fileURLToPath(new URL('./script-tag.html', import.meta.url)),
      },
    },
  },
});
