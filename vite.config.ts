import path from 'node:path'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

/**
 * Our modules every page with the shared layout runs before hydrating: one chunk instead of a dozen
 * small ones (one brotli stream is ~1.4 KB smaller). Only modules of the first load belong here;
 * anything loaded later (panels, dialogs, islands of one route) would be dragged into every page.
 */
const SHELL_MODULES =
  /[\\/]app[\\/](i18n[\\/](use-strings|dictionaries|strings|spec-english)|ui[\\/](static-block|deferred|icon|use-hydrated|dialog)|sections[\\/](deferred-sections|estimate-modal|estimate-visit)|record[\\/](use-record|contact-links|page-meta|absolute-url)|layout[\\/]site-header)\.tsx?$/

/**
 * Writes which of our modules each browser chunk holds (`.vite/chunk-modules.json`), so the budget
 * test (tests/js-budget.test.ts) can prove no server-only module reached the browser.
 */
const chunkModules = (): Plugin => ({
  name: 'chunk-modules',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).flatMap((c) =>
      c.type === 'chunk' ? [[c.fileName, c.moduleIds.map((id) => path.relative(process.cwd(), id))]] : [],
    )
    this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(Object.fromEntries(chunks), null, 1) })
  },
})

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    !isSsrBuild && chunkModules(),
    // Browser assets pre-compressed once at their best (brotli 11, gzip 9), served as is by server/process/start.js.
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
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
                { name: 'shell', test: SHELL_MODULES, priority: 1 },
              ],
            },
          },
        },
    // React Router preloads each route's modules itself; Vite's helper for lazy chunks would add ~1 KB
    // to the first load for chunks that arrive when the browser is idle anyway.
    modulePreload: false,
  },
}))
