// `npm run results -- …`: what each site brought in (server/cli/results-cli.ts), run from the sources.
import { runFromSources } from './run-from-sources.js'

await runFromSources('/server/cli/results-cli.ts')
