import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    port: Number(process.env.SITE_PORT ?? 5173),
    strictPort: true,
    // Same origin as in production: the SPA calls /api and Vite hands it to the local API server.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: isSsrBuild
    ? // The prerender step's renderer (npm run build): written to dist/.ssr, read once, then deleted.
      { outDir: 'dist/.ssr', copyPublicDir: false, assetsInlineLimit: 0, sourcemap: false }
    : {
        manifest: true,
        sourcemap: true,
        // Images are files with hashed names, cached for a year, never base64 inside the JavaScript.
        assetsInlineLimit: 0,
        rolldownOptions: {
          // Rolldown would otherwise fold modules that only lazy screens share (the form schemas and valibot)
          // into the entry chunk, growing every public page's first JavaScript.
          experimental: { chunkOptimization: { mergeCommonChunks: false } },
        },
      },
}));
