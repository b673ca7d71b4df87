import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stampBuildInputs } from './build-inputs.ts';
import { precompress } from './precompress.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const engine = fileURLToPath(new URL('../../packages/payroll-engine/src/index.ts', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress(), stampBuildInputs(fileURLToPath(new URL('../..', import.meta.url)))],
  resolve: { alias: { '@hr/contract': contract, '@hr/payroll-engine': engine } },
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
            // Apart, because the sign-in page needs the store but neither react-query nor axios.
            {
              name: 'store',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'http', test: /node_modules[\\/]axios[\\/]/ },
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
