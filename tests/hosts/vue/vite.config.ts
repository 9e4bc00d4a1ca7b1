import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// As `npm create vue@latest` writes it, and Vue told that sf-* tags are custom elements (docs/frameworks.md).
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('sf-') } } })],
});
