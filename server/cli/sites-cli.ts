import { COMMAND_LINE } from '../console/people.server.ts'
import { parseEnv } from '../config/env.server.ts'
import { readSitesFile, SitesFileError } from '../sites/site-config.server.ts'
import { createSiteRegistry, SiteChangeError } from '../sites/site-registry.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import type { Storage } from '../storage/storage-contract.server.ts'
import { parseCli, UsageError } from './cli-args.ts'

/**
 * `npm run sites -- import FILE`: a SITES_FILE's sites into the registry in storage (new ones added, changed ones
 * changed, the same ones left alone: running it again adds nothing twice). `-- export`: the stored sites as a
 * SITES_FILE (a JSON array on stdout), so an agency that keeps its sites in git can go both ways. Reads and writes
 * the server's own storage (DATABASE_URL, else DATA_DIR); running servers apply an import within seconds.
 * Exit status: 0 done, 1 the file or a site refused, 2 a wrong request or configuration.
 */

const USAGE = `usage: npm run sites -- import <file>
       npm run sites -- export > sites.json`

type Write = (s: string) => void

export async function main(argv: string[], source: NodeJS.ProcessEnv, write: Write = (s) => void process.stdout.write(s)): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    {},
    {
      positionals: 2,
      check: ({ positionals: [command, file] }) => {
        if (command === 'import') {
          if (!file) throw new UsageError('import needs the sites file to read')
        } else if (command === 'export') {
          if (file !== undefined) throw new UsageError('export takes nothing else: it prints the sites')
        } else throw new UsageError(command ? `unknown command "${command}"` : 'say what to do: import or export')
      },
    },
  )
  if (typeof args === 'number') return args
  const [command, file = ''] = args.positionals
  let storage: Storage | undefined
  try {
    const env = parseEnv(source)
    storage = await openStorage({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      defaultSite: env.PAGE_ID,
      secretsKey: env.SECRETS_KEY,
    })
    const registry = createSiteRegistry({ env, sites: storage.sites, activity: storage.console })
    if (command === 'export') {
      write(`${JSON.stringify(await registry.export(), null, 2)}\n`)
      return 0
    }
    if (env.SITES_FILE)
      return fail(
        `SITES_FILE is set (${env.SITES_FILE}): the servers serve that file, not the stored sites. Unset it to serve the sites in storage, then import.`,
        2,
      )
    const { added, changed, unchanged } = await registry.import(readSitesFile(file), COMMAND_LINE, file)
    const list = (ids: string[]) => (ids.length ? ` (${ids.join(', ')})` : '')
    write(`Imported ${file}: ${added.length} added${list(added)}, ${changed.length} changed${list(changed)}, ${unchanged} unchanged.\n`)
    return 0
  } catch (error) {
    if (error instanceof SitesFileError) return fail(error.message, 1)
    if (error instanceof SiteChangeError) return fail(error.message, 1)
    return fail(error instanceof Error ? error.message : String(error), 2)
  } finally {
    await storage?.close()
  }
}

function fail(message: string, code: number): number {
  process.stderr.write(`${message}\n`)
  return code
}
