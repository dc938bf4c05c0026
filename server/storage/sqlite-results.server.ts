import type Database from 'better-sqlite3'
import {
  admits,
  allFigures,
  CLAIM_REPORT,
  earliestDay,
  FIGURE_COLUMNS,
  isReservedLabel,
  OTHER_LABEL,
  REPORT_COLUMNS,
  SETTLE_REPORT,
  settleValues,
} from './results-sql.server.ts'
import {
  LABEL_FIGURES,
  type CountStep,
  type DailyTotal,
  type LabelCount,
  type LabelFigures,
  type LabelRow,
  type ReportDelivery,
  type ResultCount,
  type ResultRow,
  type ResultsStorage,
} from './storage-contract.server.ts'
import { secureDeletes } from './sqlite-wal.server.ts'

/** What the site brought in, in visits.sqlite (the contract: storage-contract.server.ts). */
export function sqliteResults(db: Database.Database): ResultsStorage {
  // Deleted rows are overwritten with zeros, in the file and, after the sweep's checkpoint, not left in the WAL: a day's salt is gone once deleted.
  const deletions = secureDeletes(db)
  const readSalt = db.prepare<[string, string], { salt: string }>('SELECT salt FROM results_salts WHERE day = ? AND zone = ?')
  const insertSalt = db.prepare('INSERT INTO results_salts (day, zone, salt, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
  const expired = db.prepare<[number], { day: string; zone: string }>('SELECT day, zone FROM results_salts WHERE expires_at <= ?')
  const dropOnce = db.prepare('DELETE FROM results_once WHERE day = ? AND zone = ?')
  const dropSalt = db.prepare('DELETE FROM results_salts WHERE day = ? AND zone = ?')
  const dropOverEverywhere = db.prepare('DELETE FROM results_once WHERE day < ?')
  const sweep = db.transaction((now: number) => {
    const gone = expired.all(now)
    for (const { day, zone } of gone) {
      dropOnce.run(day, zone)
      dropSalt.run(day, zone)
    }
    return { salts: gone.length, rows: gone.length + dropOverEverywhere.run(earliestDay(now)).changes }
  })
  const remembered = db.prepare<[string, string, string], { data: string | null }>(
    'SELECT data FROM results_once WHERE day = ? AND zone = ? AND key = ?',
  )

  const firstTime = db.prepare(`INSERT INTO results_once (day, zone, key, at, data) VALUES (@day, @zone, @key, @at, @data)
    ON CONFLICT (day, zone, key) DO UPDATE SET at = excluded.at WHERE @again IS NOT NULL AND results_once.at <= excluded.at - @again`)
  const bump =
    db.prepare(`INSERT INTO results_counts (site, day, metric, label, device, n) VALUES (@site, @day, @metric, @label, @device, 1)
    ON CONFLICT (site, day, metric, label, device) DO UPDATE SET n = n + 1`)
  const tally = sqliteLabels(db)
  const record = db.transaction((site: string, day: string, steps: CountStep[], labelLimit: number, now: number) =>
    steps.map(({ once, counts = [], labels = [] }) => {
      if (once && firstTime.run({ day, ...once, data: once.data ?? null, again: once.againAfterMs ?? null }).changes === 0) return false
      for (const count of labels) tally(site, day.slice(0, 7), count, labelLimit, now)
      for (const { metric, label, device } of counts satisfies ResultCount[]) bump.run({ site, day, metric, label, device })
      return true
    }),
  )

  const counts = db.prepare<[string, string, string], ResultRow>(
    'SELECT day, metric, label, device, n FROM results_counts WHERE site = ? AND day >= ? AND day <= ? ORDER BY day, metric, label, device',
  )
  const labels = db.prepare<[string, string], LabelRow>(
    `SELECT dimension, label, ${FIGURE_COLUMNS} FROM results_labels WHERE site = ? AND month = ? ORDER BY dimension, label`,
  )
  const sites = db.prepare<[], { site: string }>('SELECT DISTINCT site FROM results_counts ORDER BY site')
  const prune = db.transaction((day: string) => {
    db.prepare('DELETE FROM results_counts WHERE day < ?').run(day)
    db.prepare('DELETE FROM results_labels WHERE month < ?').run(day.slice(0, 7))
    db.prepare('DELETE FROM results_reports WHERE month < ?').run(day.slice(0, 7))
  })

  // The shared statements number their parameters ($1…); here they are named @p1….
  const named = (values: unknown[]) => Object.fromEntries(values.map((value, i) => [`p${i + 1}`, value]))
  const claim = db.prepare<[Record<string, unknown>], ReportDelivery>(CLAIM_REPORT((n) => `@p${n}`))
  const settle = db.prepare(SETTLE_REPORT((n) => `@p${n}`))
  const delivery = db.prepare<[string, string], ReportDelivery>(
    `SELECT ${REPORT_COLUMNS} FROM results_reports WHERE site = ? AND month = ?`,
  )
  const token = db.prepare<[string], { token: string }>('SELECT token FROM results_share_links WHERE site = ?')
  const keepToken = db.prepare('INSERT INTO results_share_links (site, token, created_at) VALUES (?, ?, ?) ON CONFLICT (site) DO NOTHING')
  const revoke = db.prepare('DELETE FROM results_share_links WHERE site = ?')

  return {
    salt: async (zone, day, expiresAt, make) => {
      const known = readSalt.get(day, zone)
      if (known) return known.salt
      insertSalt.run(day, zone, make(), expiresAt)
      return readSalt.get(day, zone)!.salt
    },
    async sweep(now) {
      const { salts, rows } = sweep(now)
      deletions.deleted(rows > 0)
      return salts
    },
    remembered: async (zone, day, key) => remembered.get(day, zone, key)?.data ?? null,
    record: async (site, day, steps, { labelLimit, now }) => record(site, day, steps, labelLimit, now),
    counts: async (site, from, to) => counts.all(site, from, to),
    labels: async (site, month) => labels.all(site, month),
    sites: async () => sites.all().map((row) => row.site),
    // The sites' own rows through the primary key (site, day, …): the console page's sites only, never every site's history.
    dailyTotals: async (sites, metrics, from, to) =>
      sites.length && metrics.length
        ? db
            .prepare<unknown[], DailyTotal>(
              `SELECT site, day, metric, SUM(n) AS n FROM results_counts
               WHERE site IN (${sites.map(() => '?').join(', ')}) AND day >= ? AND day <= ? AND metric IN (${metrics.map(() => '?').join(', ')})
               GROUP BY site, day, metric`,
            )
            .all(...sites, from, to, ...metrics)
        : [],
    prune: async (day) => prune(day),
    claimReport: async (site, month, holder, now, leaseMs) => claim.get(named([site, month, holder, now, leaseMs])) ?? null,
    settleReport: async (held, outcome) => settle.run(named(settleValues(held, outcome))).changes === 1,
    reportDelivery: async (site, month) => delivery.get(site, month) ?? null,
    shareToken: async (site) => token.get(site)?.token ?? null,
    makeShareToken: async (site, value, now) => {
      keepToken.run(site, value, now)
      return token.get(site)!.token
    },
    revokeShareToken: async (site) => revoke.run(site).changes === 1,
  }
}

/** A bounded dimension's label counts (the contract's rule: by visitors, not by arrival), inside the caller's transaction. */
function sqliteLabels(db: Database.Database) {
  const figures = LABEL_FIGURES.map((f) => `${f} = ${f} + @${f}`).join(', ')
  const add = db.prepare(`UPDATE results_labels SET ${figures}, touched_at = @now
    WHERE site = @site AND month = @month AND dimension = @dimension AND label = @label`)
  const upsert = db.prepare(`INSERT INTO results_labels (site, month, dimension, label, ${FIGURE_COLUMNS}, touched_at)
    VALUES (@site, @month, @dimension, @label, ${LABEL_FIGURES.map((f) => `@${f}`).join(', ')}, @now)
    ON CONFLICT (site, month, dimension, label) DO UPDATE SET ${LABEL_FIGURES.map((f) => `${f} = ${f} + excluded.${f}`).join(', ')},
      touched_at = excluded.touched_at`)
  const kept = db.prepare<[string, string, string], { n: number }>(
    `SELECT count(*) AS n FROM results_labels WHERE site = ? AND month = ? AND dimension = ? AND label NOT LIKE '(%'`,
  )
  const weakest = db.prepare<[string, string, string], LabelFigures & { label: string }>(
    `SELECT label, ${FIGURE_COLUMNS} FROM results_labels WHERE site = ? AND month = ? AND dimension = ? AND label NOT LIKE '(%'
     ORDER BY visitors, touched_at LIMIT 1`,
  )
  const drop = db.prepare('DELETE FROM results_labels WHERE site = ? AND month = ? AND dimension = ? AND label = ?')

  return (site: string, month: string, count: LabelCount, limit: number, now: number) => {
    const { dimension, label } = count
    const row = { site, month, dimension, label, now, ...allFigures(count.figures) }
    if (add.run(row).changes) return
    if (isReservedLabel(label)) return void upsert.run(row)
    if (!admits(count)) return void upsert.run({ ...row, label: OTHER_LABEL })
    if (kept.get(site, month, dimension)!.n >= limit) {
      const { label: pushedOut, ...its } = weakest.get(site, month, dimension)!
      drop.run(site, month, dimension, pushedOut)
      upsert.run({ site, month, dimension, label: OTHER_LABEL, now, ...its })
    }
    upsert.run(row)
  }
}
