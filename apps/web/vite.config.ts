import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogNavPlugin } from './build-tools/catalog-nav-plugin.ts';

// In development the API runs separately (npm run dev at the root); requests to /api go there.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [catalogNavPlugin(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // `npm run dev -w apps/web -- --port 3200` overrides the port.
  server: { port: 3000, strictPort: true, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: { assetsInlineLimit: 0 },
});
