import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pureContractValues } from './build/pure-contract-values.ts';

// `npm run dev`: the API server runs on :3000 and serves the IdP, the socket and the webhooks.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  // pureContractValues: a screen that needs a contract module's constants does not load its zod schemas.
  plugins: [react(), pureContractValues()],
  // `@/…` imports resolve through the `paths` of tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // A shared chunk is named after every chunk that uses it (`mantine~index~change-click-to-call-modal~…`);
        // the preload map of the entry lists each name, so long names cost the first screen kilobytes. Keep the
        // first part only: the group (`mantine`, `vendor`) or the module; the hash keeps names apart.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        // Libraries change less often than our code: separate chunks stay cached across releases.
        // entriesAware keeps a library, or a Mantine component, that only a lazy route or drawer uses (e.g. the
        // form libraries) out of the chunks the first screen loads (DESIGN §4).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'mantine',
              // @mantine/dates only serves the booking modal: it goes with the vendor chunks of the lazy parts.
              test: /node_modules[\\/](@mantine[\\/](?!dates[\\/])|@floating-ui|react-remove-scroll|react-transition-group)/,
              priority: 20,
              // Components only lazy screens use (Timeline, SegmentedControl, MultiSelect…) stay out of the
              // chunk the first screen loads, as for `vendor` below.
              entriesAware: true,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10, entriesAware: true },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiServer,
      '/idp': apiServer,
      '/interaction': apiServer,
      '/hooks': apiServer,
      '/ws': { target: apiServer, ws: true },
    },
  },
});
