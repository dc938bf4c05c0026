import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { isbot } from 'isbot'

/** Page views per day and in total. Days are calendar days in `timeZone` (the server's own by default). */
export interface VisitCounts {
  today: number
  total: number
}

export interface VisitStoreOptions {
  dataDir: string
  /** The site whose views these are (its id, the pageId); every site of a process shares one database. */
  site?: string
  timeZone?: string
  now?: () => number
}

export type VisitStore = ReturnType<typeof createVisitStore>

/** No real browser omits its user agent, so an empty one is treated like a bot. */
export const isCountableVisitor = (userAgent: string | null | undefined) => Boolean(userAgent?.trim()) && !isbot(userAgent)

export function createVisitStore({ dataDir, site = '', timeZone, now = Date.now }: VisitStoreOptions) {
  mkdirSync(dataDir, { recursive: true })
  const db = new Database(path.join(dataDir, 'visits.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  migrate(db, site)

  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const dayKey = () => dayFormat.format(now())
  const bump = db.prepare('INSERT INTO visits (site, day, views) VALUES (?, ?, 1) ON CONFLICT (site, day) DO UPDATE SET views = views + 1')
  const viewsOn = db.prepare<[string, string], { views: number }>('SELECT views FROM visits WHERE site = ? AND day = ?')
  const allViews = db.prepare<[string], { total: number | null }>('SELECT SUM(views) AS total FROM visits WHERE site = ?')

  const counts = (): VisitCounts => ({ today: viewsOn.get(site, dayKey())?.views ?? 0, total: allViews.get(site)?.total ?? 0 })
  const countView = db.transaction((): VisitCounts => {
    bump.run(site, dayKey())
    return counts()
  })

  return {
    counts,
    /** Counts one page view unless the visitor is a bot; answers the counts either way. */
    recordView(userAgent: string | null | undefined): VisitCounts & { counted: boolean } {
      if (!isCountableVisitor(userAgent)) return { ...counts(), counted: false }
      return { ...countView(), counted: true }
    },
    close: () => db.close(),
  }
}

/** Views per site and day; the views counted before sites existed (visit_days) go to the first site opened. */
function migrate(db: Database.Database, site: string) {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS visits (site TEXT NOT NULL, day TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (site, day))')
    const legacy = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'visit_days'").get()
    if (!legacy) return
    db.prepare('INSERT INTO visits (site, day, views) SELECT ?, day, views FROM visit_days').run(site)
    db.exec('DROP TABLE visit_days')
  }).immediate()
}
