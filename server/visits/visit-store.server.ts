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
  timeZone?: string
  now?: () => number
}

export type VisitStore = ReturnType<typeof createVisitStore>

/** No real browser omits its user agent, so an empty one is treated like a bot. */
export const isCountableVisitor = (userAgent: string | null | undefined) => Boolean(userAgent?.trim()) && !isbot(userAgent)

export function createVisitStore({ dataDir, timeZone, now = Date.now }: VisitStoreOptions) {
  mkdirSync(dataDir, { recursive: true })
  const db = new Database(path.join(dataDir, 'visits.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.exec('CREATE TABLE IF NOT EXISTS visit_days (day TEXT PRIMARY KEY, views INTEGER NOT NULL)')

  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const dayKey = () => dayFormat.format(now())
  const bump = db.prepare('INSERT INTO visit_days (day, views) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET views = views + 1')
  const viewsOn = db.prepare<[string], { views: number }>('SELECT views FROM visit_days WHERE day = ?')
  const allViews = db.prepare<[], { total: number | null }>('SELECT SUM(views) AS total FROM visit_days')

  const counts = (): VisitCounts => ({ today: viewsOn.get(dayKey())?.views ?? 0, total: allViews.get()?.total ?? 0 })
  const countView = db.transaction((): VisitCounts => {
    bump.run(dayKey())
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
