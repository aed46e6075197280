import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The dev server forwards everything the local cloud serves (runtime config, API, Cognito, WebSocket,
// outbox), so `npm run dev:frontend` works next to `npm start` without CORS.
const localCloud = process.env.LOCAL_CLOUD_URL ?? 'http://localhost:3000';
const forwarded = ['/config.json', '/api', '/cognito', '/_local'];

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging and bundle analysis, not referenced from the served files.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            {
              name: 'amplify',
              test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|js-cookie|tslib)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      ...Object.fromEntries(forwarded.map((path) => [path, { target: localCloud, changeOrigin: true }])),
      '/ws': { target: localCloud, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: Object.fromEntries(forwarded.map((path) => [path, { target: localCloud, changeOrigin: true }])),
  },
});
