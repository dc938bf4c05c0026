import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Browser assets pre-compressed once at their best (brotli 11, gzip 9), served as is by server/start.js.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg)$/,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        logLevel: 'silent',
      }),
  ],
  build: {
    // The SSR bundle's entry is our Express app, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
    // React, React DOM and React Router in one file: every page loads all three, and one brotli stream
    // of them is ~1.7 KB smaller than the three chunks Rolldown would otherwise make.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 }],
            },
          },
        },
    // React Router preloads each route's modules itself; Vite's helper for lazy chunks would add ~1 KB
    // to the first load for chunks that arrive when the browser is idle anyway.
    modulePreload: false,
  },
}))
