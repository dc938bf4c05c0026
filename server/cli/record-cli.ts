import fs from 'node:fs'
import path from 'node:path'
import { buildRecordReport, type ImageOutcome } from '#app/record/record-report.ts'
import { recordImageUrls } from '#app/record/record-images.ts'
import { parsePageRecordWithIssues } from '#app/record/schema.ts'
import { variantWidths } from '#app/ui/image-variants.ts'
import { parseEnv } from '../config/env.server.ts'
import { probeImage, servedSize } from '../images/encode-image.server.ts'
import { formatReport } from '../record/record-report-text.ts'
import { reportHtml } from '../record/record-report-html.ts'
import { cliImageFetcher, fetchProviderRecord, servedSiteConfigs, webpDataUri } from './cli-sources.server.ts'
import { sitesSourceWords } from '../sites/site-registry.server.ts'
import { parseCli, UsageError } from './cli-args.ts'

/**
 * `npm run record -- check [--site ID | --file F] [--json] [--html F] [--no-fetch]`: what the site does
 * with a record (app/record/record-report.ts). The configured site's record (PAGE_API_URL/PAGE_ID, the
 * embedded demo without PAGE_API_URL), one site of SITES_FILE or storage, or a record file not yet published.
 * Pictures are fetched and probed as the server's image pipeline does, unless --no-fetch.
 * Exit status: 0 everything shown, 1 something hidden, refused or failed, 2 the check could not run.
 */

const USAGE = 'usage: npm run record -- check [--site <pageId> | --file <record.json>] [--json] [--html <report.html>] [--no-fetch]\n'
const THUMBNAIL_WIDTH = 160

type Write = (s: string) => void
type Loaded = { raw: unknown; site: string; source: string; apiUrl: string }

export async function main(argv: string[], env: NodeJS.ProcessEnv, write: Write = (s) => void process.stdout.write(s)): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    {
      site: { type: 'string' },
      file: { type: 'string' },
      json: { type: 'boolean' },
      html: { type: 'string' },
      'no-fetch': { type: 'boolean' },
    },
    {
      positionals: 1,
      check: ({ values, positionals }) => {
        if (positionals[0] !== 'check') throw new UsageError('the command is "check"')
        if (values.site !== undefined && values.file !== undefined) throw new UsageError('--site or --file, not both')
      },
    },
  )
  if (typeof args === 'number') return args
  const { site, file, html } = args.values
  let loaded: Loaded
  try {
    loaded = file ? readRecordFile(file, env) : await fetchSiteRecord(env, site)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }
  const { record, issues } = parsePageRecordWithIssues(loaded.raw)
  const probes = args.values['no-fetch'] ? null : await probeImages(recordImageUrls(record), loaded.apiUrl, env, html !== undefined)
  const report = buildRecordReport({ record, issues, site: loaded.site, source: loaded.source, imageOutcome: probes?.outcome })
  if (html) {
    fs.writeFileSync(html, reportHtml(report, probes?.thumbnails ?? new Map()))
    process.stderr.write(`Wrote ${html}\n`)
  }
  write(args.values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report))
  return report.ok ? 0 : 1
}

function readRecordFile(file: string, env: NodeJS.ProcessEnv): Loaded {
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file}: not a readable JSON file (${error instanceof Error ? error.message : error})`, { cause: error })
  }
  // Its pictures are fetched as this deployment would: private addresses only with a local provider (the embedded demo's is).
  return { raw, site: path.basename(file), source: path.resolve(file), apiUrl: env.PAGE_API_URL || 'http://127.0.0.1' }
}

async function fetchSiteRecord(source: NodeJS.ProcessEnv, wanted: string | undefined): Promise<Loaded> {
  const env = parseEnv(source)
  const configs = await servedSiteConfigs(env)
  const config = wanted ? configs.find((c) => c.pageId === wanted) : configs[0]
  if (!config) throw new Error(`No site "${wanted}" in ${sitesSourceWords(env)}: ${configs.map((c) => c.pageId).join(', ')}`)
  const { raw, apiUrl, endpoint, fromDemo } = await fetchProviderRecord(env, config)
  return { raw, site: config.id, source: fromDemo ? `the embedded demo (${endpoint})` : endpoint, apiUrl }
}

/** Each picture fetched and probed with the server's own fetcher and checks (four at a time). */
async function probeImages(urls: string[], apiUrl: string, source: NodeJS.ProcessEnv, thumbnails: boolean) {
  const env = parseEnv(source)
  const fetchImage = cliImageFetcher(env, apiUrl)
  const outcomes = new Map<string, ImageOutcome>()
  const thumbs = new Map<string, string>()
  const queue = [...urls]
  async function worker() {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const bytes = await fetchImage(url)
        const meta = await probeImage(bytes)
        const pixels = servedSize(meta)
        const widths = variantWidths(pixels.width)
        outcomes.set(url, { status: 'ready', detail: `${meta.format} ${meta.width}×${meta.height}: sizes ${widths.join(', ')} px`, pixels })
        if (thumbnails) thumbs.set(url, await webpDataUri(bytes, THUMBNAIL_WIDTH, 60))
      } catch (error) {
        outcomes.set(url, { status: 'failed', detail: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return { outcome: (url: string) => outcomes.get(url) ?? { status: 'not checked' as const, detail: '' }, thumbnails: thumbs }
}
