import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// As `npm create preact` writes it.
export default defineConfig({
  plugins: [preact()],
});
