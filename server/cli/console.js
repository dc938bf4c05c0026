// `npm run console -- invite EMAIL --role … | users | revoke EMAIL`: the console's people, from the built CLI (the site is built first when needed).
import { runBuilt } from './run-built.js'

await runBuilt('consoleCli', 'npm run console')
