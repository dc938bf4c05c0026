import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parsePageRecord, type PageRecord } from '#app/record/schema.ts'
import { createMailer, describeMailError, senderDomain } from '../mail/mailer.server.ts'
import { parseEnv, type Env } from '../config/env.server.ts'
import { calendarDay } from '../visits/day-keys.server.ts'
import { monthReport } from '../results/month-report.server.ts'
import { REPORT_LEASE_MS, sendMonthReport } from '../results/report-delivery.server.ts'
import { logoPng, lookOf, pngDataUri, type ReportLook } from '../results/report-look.server.ts'
import { resultsCsv } from '../results/results-report.ts'
import { resultsHtml } from '../results/results-report-html.ts'
import { resultsConsoleText } from '../results/results-report-text.ts'
import { currentShareLink, shareLink, siteOrigin } from '../results/share-link.server.ts'
import { cliImageFetcher, fetchProviderRecord } from './cli-sources.server.ts'
import { readSavedRecord, savedRecordFile } from '../record/record-source.server.ts'
import { loadSiteConfigs, type SiteConfig } from '../sites/site-config.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import { currentSiteConfigs, sitesSourceWords } from '../sites/site-registry.server.ts'
import type { ResultsStorage, Storage } from '../storage/storage-contract.server.ts'
import { monthLeads, type ReportLeads } from '../results/report-leads.server.ts'
import type { ReportLang } from '../results/results-report-words.ts'
import { parseCli, UsageError } from './cli-args.ts'

/**
 * `npm run results -- [--site ID] --month YYYY-MM [--json | --csv | --html F | --send]`: what each site
 * brought in that month (server/results/results-report.ts), read from the same storage as the server
 * (`DATABASE_URL`, else SQLite in `DATA_DIR`), in each site's time zone. A site is its id in SITES_FILE or storage
 * (its page id without one); without `--site`, every configured site and every site with counts. The
 * HTML page is the site's: its language, name, logo and colours, from its last good record in DATA_DIR
 * or else its provider. `--send` emails it now to each site's `reports.email` (SMTP_URL, MAIL_FROM).
 * `--link --site ID` prints the site's share link (made on first use), `--revoke-links --site ID` ends it.
 * Exit status: 0; 1 when an email could not be sent; 2 when the command could not run.
 */

const USAGE = `usage: npm run results -- [--site <id>] --month <YYYY-MM> [--json | --csv | --html <report.html> | --send]
       npm run results -- --link --site <id>            print the site's share link (made on first use)
       npm run results -- --revoke-links --site <id>    end it: the link stops working
`

type Write = (s: string) => void
const problem = (message: unknown) => void process.stderr.write(`${message instanceof Error ? message.message : String(message)}\n`)

export async function main(argv: string[], source: NodeJS.ProcessEnv, write: Write = (s) => void process.stdout.write(s)): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    {
      site: { type: 'string' },
      month: { type: 'string' },
      json: { type: 'boolean' },
      csv: { type: 'boolean' },
      html: { type: 'string' },
      send: { type: 'boolean' },
      link: { type: 'boolean' },
      'revoke-links': { type: 'boolean' },
    },
    {
      check: ({ values }) => {
        if (values.link || values['revoke-links']) {
          if (values.link && values['revoke-links']) throw new UsageError('one of --link or --revoke-links')
          if (!values.site) throw new UsageError(`${values.link ? '--link' : '--revoke-links'} needs --site <id>`)
          if (values.month || values.json || values.csv || values.html !== undefined || values.send)
            throw new UsageError('--link and --revoke-links take --site alone')
          return
        }
        if (!values.month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) throw new UsageError('--month YYYY-MM is needed')
        if ([values.json, values.csv, values.html !== undefined, values.send].filter(Boolean).length > 1)
          throw new UsageError('one at most of --json, --csv, --html or --send')
      },
    },
  )
  if (typeof args === 'number') return args
  const { site, month = '', html: htmlFile } = args.values
  let env: Env
  let configs: SiteConfig[]
  try {
    // Figures need no mail server nor reachable webhooks: only --send needs SMTP_URL and MAIL_FROM (checked there).
    env = parseEnv(source, { deliveries: false })
    configs = loadSiteConfigs(env, { deliveries: false })
  } catch (error) {
    problem(error)
    return 2
  }
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    defaultSite: configs[0]!.id,
    secretsKey: env.SECRETS_KEY,
  }).catch((error: unknown) => void problem(error))
  if (!storage) return 2
  try {
    // The sites the servers serve: SITES_FILE's, else the stored ones (added through the console or the API).
    configs = await currentSiteConfigs(env, storage.sites, { deliveries: false })
    const config = (id: string) => configs.find((c) => c.id === id)
    if (args.values.link || args.values['revoke-links']) {
      const chosen = config(site!)
      if (!chosen) {
        problem(`No site "${site}" in ${sitesSourceWords(env)}: ${configs.map((c) => c.id).join(', ')}`)
        return 2
      }
      return await links(storage.results, chosen, Boolean(args.values.link), write)
    }
    const ids = site ? [site] : [...new Set([...configs.map((c) => c.id), ...(await storage.results.sites())])].sort()
    if (site && !config(site) && !(await storage.results.sites()).includes(site)) {
      problem(`No site "${site}" in ${sitesSourceWords(env)} or in the stored results: ${ids.join(', ')}`)
      return 2
    }
    const timeZone = (id: string) => config(id)?.timeZone ?? env.SITE_TIME_ZONE
    if (args.values.send)
      return await send(
        env,
        storage,
        ids.map(config).filter((c) => c !== undefined),
        month,
        Boolean(site),
      )
    const reports = await Promise.all(ids.map((id) => monthReport(storage.results, id, month, { timeZone: timeZone(id) })))
    if (htmlFile !== undefined) {
      for (const report of reports) {
        const file = reports.length === 1 ? htmlFile : withSuffix(htmlFile, report.site)
        const look = await pageLook(env, config(report.site))
        const leads = await leadsOf(env, storage, report.site, timeZone(report.site))(report.month, look.lang)
        fs.writeFileSync(file, resultsHtml(report, { ...look, logo: look.logoPng && pngDataUri(look.logoPng), leads }))
        process.stderr.write(`Wrote ${file}\n`)
      }
    }
    if (args.values.json) write(`${JSON.stringify(site ? reports[0] : reports, null, 2)}\n`)
    else if (args.values.csv) write(resultsCsv(reports))
    else if (htmlFile === undefined) write(reports.map((r) => resultsConsoleText(r, process.stdout.isTTY)).join('\n'))
    return 0
  } finally {
    await storage.close()
  }
}

/** `--link`: the site's share link (made now if it has none); `--revoke-links`: ends it. */
async function links(results: ResultsStorage, config: SiteConfig, make: boolean, write: Write): Promise<number> {
  if (!make) {
    const revoked = await results.revokeShareToken(config.id)
    process.stderr.write(
      revoked
        ? `${config.id}: share link revoked; it stops working within seconds. \`--link --site ${config.id}\` makes a new one.\n`
        : `${config.id} had no share link.\n`,
    )
    return 0
  }
  const had = await currentShareLink(results, config)
  write(`${had ?? (await shareLink(results, config))}\n`)
  if (!siteOrigin(config)) problem(`${config.id} has no SITE_URL: put the site's own address before the path.`)
  return 0
}

/**
 * `--send`: each site's report of `month` to its `reports.email` now. The month is marked sent (the 1st's
 * delivery will not send it again) when this command is the one to claim it; sent already, it is sent again.
 */
/** A site's month of estimate requests, as its report lists them (the console's link with CONSOLE_URL). */
const leadsOf =
  (env: Env, storage: Storage, site: string, timeZone: string) =>
  (month: string, lang: ReportLang): Promise<ReportLeads> =>
    monthLeads(storage.leads, { site, month, timeZone, lang, consoleUrl: env.CONSOLE_URL ?? null })

async function send(env: Env, storage: Storage, sites: SiteConfig[], month: string, named: boolean): Promise<number> {
  const { results } = storage
  if (!env.SMTP_URL || !env.MAIL_FROM) {
    problem("--send needs SMTP_URL and MAIL_FROM: the agency's mail server and the sender (docs/configuration.md)")
    return 2
  }
  const recipients = sites.filter((c) => c.reports.email.length)
  if (named && !recipients.length) {
    problem(`${sites[0]?.id}: no one to send it to; give the site "reports": {"email": [...]} (REPORT_EMAIL for a single site)`)
    return 2
  }
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
  const holder = `cli:${os.hostname()}:${process.pid}`
  let failed = 0
  try {
    for (const config of recipients) {
      const now = Date.now()
      const over = calendarDay(config.timeZone)(now).slice(0, 7) > month
      const claim = over ? await results.claimReport(config.id, month, holder, now, REPORT_LEASE_MS) : null
      const site = {
        config,
        look: () => pageLook(env, config),
        link: () => shareLink(results, config),
        leads: leadsOf(env, storage, config.id, config.timeZone),
      }
      try {
        const { sent, messageId } = await sendMonthReport(site, month, { results, mailer, domain: senderDomain(env.MAIL_FROM), now })
        if (claim) await results.settleReport(claim, { state: sent ? 'sent' : 'empty', at: Date.now() })
        process.stderr.write(
          sent
            ? `${config.id}: ${month}'s report sent to ${config.reports.email.join(', ')} (${messageId})\n`
            : `${config.id}: nothing counted in ${month}; no email sent\n`,
        )
      } catch (error) {
        failed++
        if (claim) await results.settleReport(claim, { state: 'pending', retryAt: Date.now(), error: describeMailError(error) })
        problem(`${config.id}: ${month}'s report not sent: ${describeMailError(error)}`)
      }
    }
  } finally {
    mailer.close()
  }
  return failed ? 1 : 0
}

function withSuffix(file: string, site: string) {
  const ext = path.extname(file)
  return `${file.slice(0, file.length - ext.length)}-${site.replace(/[^\w.-]/g, '_')}${ext}`
}

/** The site's language, name, colours and logo: its last good record on disk, else its provider's; the theme's own without either. */
async function pageLook(env: Env, config: SiteConfig | undefined): Promise<ReportLook> {
  const record = config ? await siteRecord(env, config) : null
  const logo = record?.dbPrincipal.logo ? await logoData(env, config!, record.dbPrincipal.logo) : undefined
  return lookOf(record, config?.id ?? '', logo)
}

async function siteRecord(env: Env, config: SiteConfig): Promise<PageRecord | null> {
  try {
    // Saved as the provider's answer came: a JSON text.
    return parsePageRecord(JSON.parse(readSavedRecord(savedRecordFile(env.DATA_DIR, config.pageId)).body))
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

/** The logo, fetched as the server's image pipeline would, as the report's small PNG (the page makes no request). */
async function logoData(env: Env, config: SiteConfig, url: string): Promise<Buffer | undefined> {
  const apiUrl = config.pageApiUrl ?? env.PAGE_API_URL ?? 'http://127.0.0.1'
  try {
    return await logoPng(await cliImageFetcher(env, apiUrl)(url))
  } catch {
    return undefined
  }
}
