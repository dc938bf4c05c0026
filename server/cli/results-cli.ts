import fs from 'node:fs'
import path from 'node:path'
import { langOf } from '#app/i18n/strings.ts'
import { parsePageRecord, type PageRecord } from '#app/record/schema.ts'
import { parseEnv, type Env } from '../process/env.server.ts'
import { buildResultsReport, daysOf, previousMonth, resultsCsv, TOTALS, type ResultsReport } from '../results/results-report.ts'
import { resultsHtml } from '../results/results-report-html.ts'
import { cliImageFetcher, fetchProviderRecord, webpDataUri } from './cli-sources.server.ts'
import { loadSiteConfigs, type SiteConfig } from '../sites/site-config.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import type { ResultsStorage } from '../storage/storage-contract.server.ts'
import { parseCli, UsageError } from './cli-args.ts'

/**
 * `npm run results -- [--site ID] --month YYYY-MM [--json | --csv | --html F]`: what each site brought
 * in that month (server/results/results-report.ts), read from the same storage as the server
 * (`DATABASE_URL`, else SQLite in `DATA_DIR`). A site is its id in SITES_FILE (its page id without
 * one); without `--site`, every configured site and every site with counts. The HTML page is the
 * site's: its language, name, logo and colours, from its last good record in DATA_DIR or else its provider.
 * Exit status: 0, or 2 when the report could not be made.
 */

const USAGE = 'usage: npm run results -- [--site <id>] --month <YYYY-MM> [--json | --csv | --html <report.html>]\n'
const LOGO_WIDTH = 320

type Write = (s: string) => void

export async function main(argv: string[], source: NodeJS.ProcessEnv, write: Write = (s) => void process.stdout.write(s)): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    { site: { type: 'string' }, month: { type: 'string' }, json: { type: 'boolean' }, csv: { type: 'boolean' }, html: { type: 'string' } },
    {
      check: ({ values }) => {
        if (!values.month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) throw new UsageError('--month YYYY-MM is needed')
        if ([values.json, values.csv, values.html !== undefined].filter(Boolean).length > 1)
          throw new UsageError('one format at most: --json, --csv or --html')
      },
    },
  )
  if (!args) return 2
  const { site, month = '', html: htmlFile } = args.values
  let env: Env
  let configs: SiteConfig[]
  try {
    env = parseEnv(source)
    configs = loadSiteConfigs(env)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }
  const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, defaultSite: configs[0]!.id }).catch(
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
      return null
    },
  )
  if (!storage) return 2
  try {
    const ids = site ? [site] : [...new Set([...configs.map((c) => c.id), ...(await storage.results.sites())])].sort()
    if (site && !configs.some((c) => c.id === site) && !(await storage.results.sites()).includes(site)) {
      process.stderr.write(
        `No site "${site}" in ${env.SITES_FILE ?? `PAGE_ID (${env.PAGE_ID})`} or in the stored results: ${ids.join(', ')}\n`,
      )
      return 2
    }
    const reports = await Promise.all(ids.map((id) => monthReport(storage.results, id, month)))
    if (htmlFile !== undefined) {
      for (const report of reports) {
        const file = reports.length === 1 ? htmlFile : withSuffix(htmlFile, report.site)
        const config = configs.find((c) => c.id === report.site)
        fs.writeFileSync(file, resultsHtml(report, await pageLook(env, config)))
        process.stderr.write(`Wrote ${file}\n`)
      }
    }
    if (args.values.json) write(`${JSON.stringify(site ? reports[0] : reports, null, 2)}\n`)
    else if (args.values.csv) write(resultsCsv(reports))
    else if (htmlFile === undefined) write(reports.map(text).join('\n'))
    return 0
  } finally {
    await storage.close()
  }
}

export async function monthReport(results: ResultsStorage, site: string, month: string): Promise<ResultsReport> {
  const range = (m: string) => [daysOf(m)[0]!, daysOf(m).at(-1)!] as const
  const [rows, previous] = await Promise.all([results.counts(site, ...range(month)), results.counts(site, ...range(previousMonth(month)))])
  return buildResultsReport(site, month, rows, previous)
}

function withSuffix(file: string, site: string) {
  const ext = path.extname(file)
  return `${file.slice(0, file.length - ext.length)}-${site.replace(/[^\w.-]/g, '_')}${ext}`
}

function text(report: ResultsReport): string {
  const lines = [`${report.site}: ${report.month} (previous: ${report.previousMonth})`]
  for (const name of TOTALS) {
    const t = report.totals[name]
    lines.push(`  ${name.padEnd(14)} ${String(t.month).padStart(6)}  (phone ${t.phone}, desktop ${t.desktop}; previous ${t.previous})`)
  }
  const top = (title: string, list: { name: string; n: number }[]) => {
    if (list.length)
      lines.push(
        `  ${title}: ${list
          .slice(0, 10)
          .map((e) => `${e.name} ${e.n}`)
          .join(', ')}`,
      )
  }
  top(
    'pages',
    report.pages.map((p) => ({ name: p.name, n: p.views })),
  )
  top(
    'sources',
    report.sources.map((s) => ({ name: s.name, n: s.visitors })),
  )
  top(
    'campaigns',
    report.campaigns.utm_campaign.map((s) => ({ name: s.name, n: s.visitors })),
  )
  top(
    'estimate requests',
    report.forms.map((f) => ({ name: f.name, n: f.requests })),
  )
  return `${lines.join('\n')}\n`
}

/** The site's language, name, colours and logo: its last good record on disk, else its provider's; the theme's own without either. */
async function pageLook(env: Env, config: SiteConfig | undefined) {
  const record = config ? await siteRecord(env, config) : null
  if (!record) return { lang: 'en' as const, businessName: config?.id ?? '' }
  return {
    lang: langOf(record.labels.formLabel),
    businessName: record.dbPrincipal.name || config!.id,
    styles: record.styles,
    logo: record.dbPrincipal.logo ? await logoData(env, config!, record.dbPrincipal.logo) : undefined,
  }
}

async function siteRecord(env: Env, config: SiteConfig): Promise<PageRecord | null> {
  try {
    const saved = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR, `record-${config.pageId}.json`), 'utf8')) as { body: unknown }
    return parsePageRecord(saved.body)
  } catch {
    // Not saved here (another instance's DATA_DIR): ask the provider.
  }
  try {
    return parsePageRecord((await fetchProviderRecord(env, config)).raw)
  } catch (error) {
    process.stderr.write(
      `${config.id}: no record (${error instanceof Error ? error.message : error}); the page uses the theme's own colours\n`,
    )
    return null
  }
}

/** The logo, fetched as the server's image pipeline would, as a small WebP data URI (the page makes no request). */
async function logoData(env: Env, config: SiteConfig, url: string): Promise<string | undefined> {
  const apiUrl = config.pageApiUrl ?? env.PAGE_API_URL ?? 'http://127.0.0.1'
  try {
    return await webpDataUri(await cliImageFetcher(env, apiUrl)(url), LOGO_WIDTH, 80)
  } catch {
    return undefined
  }
}
