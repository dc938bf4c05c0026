// The CLIs that read the site's own modules (`npm run record`, `npm run results`) run them from the
// sources through Vite's SSR loader: they need no build and always apply the rules of this checkout.
import { createServer } from 'vite'
import { root } from '../process/ensure-build.js'

/**
 * Runs `main(argv, env)` of the module at `modulePath` (from the checkout's root) and sets the exit code it returns.
 * @param {string} modulePath
 */
export async function runFromSources(modulePath) {
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const { main } = await vite.ssrLoadModule(modulePath)
    process.exitCode = await main(process.argv.slice(2), process.env)
  } finally {
    await vite.close()
  }
}
