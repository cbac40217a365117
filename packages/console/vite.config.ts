import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the sandbox at its root; every asset is content-hashed under /assets/ and nothing loads from a CDN.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, modulePreload: { polyfill: false } },
});
