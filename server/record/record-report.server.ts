import { buildRecordReport, type ImageOutcome, type RecordReport, type ReportCounts } from '#app/record/record-report.ts'
import { parseLocalImage } from '#app/ui/image-variants.ts'
import type { ImageStore } from '../images/image-store.server.ts'
import type { RecordSource } from './record-source.server.ts'
import { countsLine } from './record-report-text.ts'
import { log, logFor } from '../observability/log.js'

type Logger = Pick<ReturnType<typeof logFor>, 'info'>

/**
 * One site's record report, computed once per record version (app/record/record-report.ts). Its
 * counts go to /healthz, and to one log line per new version once that version's pictures have
 * been tried, so the failed ones are counted too.
 */
export function siteRecordReport(
  site: string,
  records: RecordSource,
  images: Pick<ImageStore, 'outcome' | 'idle' | 'localSrc' | 'generation'>,
  logger: Logger = logFor('record'),
) {
  /** Made again when the record changes, or the site's pictures do (a picture ready since tells its size). */
  let memo: { key: string; report: RecordReport } | undefined
  /** The store's outcome, with the size a ready picture is served at (its variants' URL names it). */
  const imageOutcome = (url: string): ImageOutcome => {
    const local = parseLocalImage(images.localSrc(site, url) ?? '')
    return { ...images.outcome(url), ...(local ? { pixels: { width: local.width, height: local.height } } : {}) }
  }

  function report(): RecordReport {
    const { version, record, issues = [] } = records.current()
    const key = `${version} ${images.generation(site)}`
    if (memo?.key !== key) memo = { key, report: buildRecordReport({ record, issues, site, source: records.endpoint, imageOutcome }) }
    return memo.report
  }

  /** The report's counts, its pictures as they are now (they are fetched after the version arrives). */
  function counts(): ReportCounts {
    const { counts, images: pictures } = report()
    const imagesFailed = pictures.filter((p) => p.status !== 'refused' && images.outcome(p.url).status === 'failed').length
    return { ...counts, imagesFailed }
  }

  /** What the log line reads once the pictures are tried: held only weakly while it waits (logOnceSettled). */
  const reported: Reported = { version: () => records.current().version, counts }

  return {
    report,
    counts,
    /** Logs the current version's counts once its pictures have all been tried (skipped if a newer version came meanwhile). */
    logWhenSettled: () => logOnceSettled(images, site, records.current().version, new WeakRef(reported), logger),
  }
}

type Reported = { version: () => string; counts: () => ReportCounts }

/**
 * Waits until every picture was tried, then logs the version's counts. With thousands of sites the image store is
 * seldom idle, so the wait must not hold the site: it reaches it only weakly (a module-level function, so no closure of
 * the site is in its reach), and a site let go meanwhile (decision 200) logs nothing.
 */
async function logOnceSettled(images: Pick<ImageStore, 'idle'>, site: string, version: string, weak: WeakRef<Reported>, logger: Logger) {
  try {
    await images.idle()
    const reported = weak.deref()
    if (!reported || reported.version() !== version) return
    const c = reported.counts()
    const details = c.hidden + c.refused + c.imagesFailed ? ` (details: npm run record -- check --site ${site})` : ''
    logger.info(`[record] ${site}: version ${version}: ${countsLine({ counts: c })}${details}`, {
      event: 'record.report',
      site,
      version,
      ...c,
    })
  } catch (e) {
    log.error({ event: 'record.report-failed', site, error: String(e) }, `[record] ${site}: the version's report failed`)
  }
}

export type SiteRecordReport = ReturnType<typeof siteRecordReport>
