import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// As `npm create vite@latest -- --template react-ts` writes it.
export default defineConfig({
  plugins: [react()],
});
