// `npm run sites -- import FILE | export`: the registry of sites in storage, from the built CLI (the site is built first when needed).
import { runBuilt } from './run-built.js'

await runBuilt('sitesCli', 'npm run sites')
