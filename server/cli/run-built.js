// The CLIs that run from the server's build (`npm run leads`, `npm run console`): built first when needed.
import { ensureBuild, serverBuild } from '../process/ensure-build.js'
import { exitOnStartupError } from '../observability/startup-error.js'

/**
 * Runs the build's export `name` (a `main(argv, env)`) and sets the exit code it returns.
 * @param {string} name
 * @param {string} command how the person ran it, for a failed build's message
 */
export async function runBuilt(name, command) {
  try {
    ensureBuild()
  } catch (error) {
    exitOnStartupError(error, `${command} did not run`)
  }
  const build = await import(serverBuild('index.js'))
  process.exitCode = await build[name](process.argv.slice(2), process.env)
}
