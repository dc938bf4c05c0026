// `npm run record -- check …`: the record report (server/cli/record-cli.ts), run from the sources.
import { runFromSources } from './run-from-sources.js'

await runFromSources('/server/cli/record-cli.ts')
