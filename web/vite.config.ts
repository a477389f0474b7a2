import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.SITE_PORT ?? 5173),
    strictPort: true,
    // Same origin as in production: the SPA calls /api and Vite hands it to the local API server.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: { manifest: true, sourcemap: true },
});
