// `npm run leads [-- --csv | --import-sqlite <folder>]`: the stored leads, read by the built CLI (the site is built first when needed).
import { ensureBuild, serverBuild } from '../process/ensure-build.js'
import { exitOnStartupError } from '../process/startup-error.js'

try {
  ensureBuild()
} catch (error) {
  exitOnStartupError(error, 'npm run leads did not run')
}
const { leadsCli } = await import(serverBuild('index.js'))
process.exitCode = await leadsCli(process.argv.slice(2), process.env)
