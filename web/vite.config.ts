import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

// Long-lived vendor code goes into its own chunks so a release that only touches pages keeps them cached.
// antd is deliberately left to Rollup's own splitting: one big antd chunk would make /guest/index download
// the Table, Upload and DatePicker code that logged-in pages and the staff console use.
const VENDOR_CHUNKS: Array<[chunk: string, packages: RegExp]> = [
  ['react-vendor', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/],
  ['query-vendor', /[\\/]node_modules[\\/]@tanstack[\\/]/],
  ['i18n-vendor', /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/],
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 8_000,
        manualChunks(id) {
          for (const [chunk, packages] of VENDOR_CHUNKS) {
            if (packages.test(id)) return chunk;
          }
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/files': { target: API_TARGET, changeOrigin: false },
    },
  },
});
