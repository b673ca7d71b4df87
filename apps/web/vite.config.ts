import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: { alias: { '@hr/contract': contract } },
  build: {
    // The API serves this folder (dist/web at the repository root).
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants: an import of one helper (such as
        // hasAllPermissions in the route guard) must not pull every schema and zod into the first chunk.
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries in their own long-cached chunks; screens are split by their lazy imports.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack|@reduxjs|redux|react-redux|immer|reselect|axios)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
