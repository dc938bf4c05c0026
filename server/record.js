// `npm run record -- check …`: the record report (server/record/record-cli.ts), run from the sources.
import { runFromSources } from './run-from-sources.js'

await runFromSources('/server/record/record-cli.ts')
