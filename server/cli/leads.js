// `npm run leads [-- --csv | --import-sqlite <folder>]`: the stored leads, read by the built CLI (the site is built first when needed).
import { runBuilt } from './run-built.js'

await runBuilt('leadsCli', 'npm run leads')
