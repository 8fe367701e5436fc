import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// The dev server runs on port 3000 (the developer tools drawer shows only there) and forwards the API and the
// socket to the gateway; production builds are served by the gateway itself.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@dv/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
