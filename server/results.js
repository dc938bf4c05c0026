// `npm run results -- …`: what each site brought in (server/results-cli.ts), run from the sources with the
// site's own modules, so it needs no build and always checks with the rules of this checkout.
import { createServer } from 'vite'
import { root } from './ensure-build.js'

const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
})
try {
  const { main } = await vite.ssrLoadModule('/server/results-cli.ts')
  process.exitCode = await main(process.argv.slice(2), process.env)
} finally {
  await vite.close()
}
