import { LABEL_FIGURES, type LabelCount, type LabelFigures, type ReportDelivery, type ReportOutcome } from './storage-contract.server.ts'

/**
 * What both backends' results code (sqlite-results, postgres-results) says alike: the schema change of
 * issue 37 and the columns of a label's figures. Only the types differ (SQLite INTEGER, PostgreSQL bigint),
 * and PostgreSQL keeps the day keys' tables UNLOGGED (never in its write-ahead log).
 */

/** "visitors, views, …": the figure columns in their order. */
export const FIGURE_COLUMNS = LABEL_FIGURES.join(', ')

/** Every figure of a label count, zero where it adds nothing. */
export const allFigures = (figures: Partial<LabelFigures>): LabelFigures =>
  Object.fromEntries(LABEL_FIGURES.map((f) => [f, figures[f] ?? 0])) as LabelFigures

/** The counter's own names ("(other)", "(direct)"…): never counted toward the limit, never pushed out. */
export const isReservedLabel = (label: string) => label.startsWith('(')

/** Where a label's figures go when it is not kept. */
export const OTHER_LABEL = '(other)'

/** Whether a count may bring a label in that is not kept yet. */
export const admits = (count: LabelCount) => (count.figures.visitors ?? 0) > 0

/**
 * Issue 37, one migration per backend (`integer` and `unlogged` are each backend's words):
 * - the day keys: a salt per time zone and day, living until that day's end there, and once-keys
 *   under it (with their data: where a visitor's day began). The old tables held one day for every
 *   site; their keys go (a visitor of the deployment day may count twice, as after issue 30's);
 * - labels of a month keep their figures (visitors, views, taps, and the work they brought) instead
 *   of a count per day: moved from the old day counts, which keep only the day totals (views and
 *   taps no longer by page), by form for estimates and forms started;
 * - the monthly report's deliveries and the share links.
 */
export function resultsByZoneMigration(integer: string, unlogged: string): string {
  const figures = LABEL_FIGURES.map((f) => `${f} ${integer} NOT NULL DEFAULT 0`).join(', ')
  const labelled = `metric IN ('page_visitors', 'source', 'utm_source', 'utm_medium', 'utm_campaign')`
  return `DROP TABLE results_salts;
   DROP TABLE results_once;
   CREATE ${unlogged} TABLE results_salts (day text NOT NULL, zone text NOT NULL, salt text NOT NULL, expires_at ${integer} NOT NULL,
     PRIMARY KEY (day, zone));
   CREATE ${unlogged} TABLE results_once (day text NOT NULL, zone text NOT NULL, key text NOT NULL, at ${integer} NOT NULL, data text,
     PRIMARY KEY (day, zone, key));
   CREATE TABLE results_month_labels (site text NOT NULL, month text NOT NULL, dimension text NOT NULL, label text NOT NULL, ${figures},
     touched_at ${integer} NOT NULL DEFAULT 0, PRIMARY KEY (site, month, dimension, label));
   INSERT INTO results_month_labels (site, month, dimension, label, visitors, views, actions)
     SELECT site, substr(day, 1, 7), CASE WHEN metric IN ('views', 'page_visitors') OR metric LIKE 'action:%' THEN 'page' ELSE metric END,
       label, sum(CASE WHEN ${labelled} THEN n ELSE 0 END), sum(CASE WHEN metric = 'views' THEN n ELSE 0 END),
       sum(CASE WHEN metric LIKE 'action:%' THEN n ELSE 0 END)
     FROM results_counts WHERE ${labelled} OR metric = 'views' OR metric LIKE 'action:%'
     GROUP BY 1, 2, 3, 4;
   CREATE TABLE results_day_counts (site text NOT NULL, day text NOT NULL, metric text NOT NULL, label text NOT NULL, device text NOT NULL,
     n ${integer} NOT NULL, PRIMARY KEY (site, day, metric, label, device));
   INSERT INTO results_day_counts (site, day, metric, label, device, n)
     SELECT site, day, metric, CASE WHEN metric = 'views' OR metric LIKE 'action:%' THEN '' ELSE label END, device, sum(n)
     FROM results_counts WHERE NOT ${labelled}
     GROUP BY 1, 2, 3, 4, 5;
   DROP TABLE results_counts;
   ALTER TABLE results_day_counts RENAME TO results_counts;
   DROP TABLE results_labels;
   ALTER TABLE results_month_labels RENAME TO results_labels;
   CREATE TABLE results_reports (site text NOT NULL, month text NOT NULL,
     state text NOT NULL CHECK (state IN ('pending', 'sent', 'failed', 'empty')), attempts integer NOT NULL DEFAULT 0,
     next_attempt_at ${integer} NOT NULL DEFAULT 0, claimed_by text, claimed_until ${integer} NOT NULL DEFAULT 0, last_error text,
     sent_at ${integer}, PRIMARY KEY (site, month));
   CREATE TABLE results_share_links (site text PRIMARY KEY, token text NOT NULL UNIQUE, created_at ${integer} NOT NULL);`
}

/** A results_reports row as the contract names it. */
export const REPORT_COLUMNS = `site, month, state, attempts, next_attempt_at AS "nextAttemptAt", claimed_by AS "claimedBy",
  claimed_until AS "claimedUntil", last_error AS "lastError", sent_at AS "sentAt"`

/**
 * The claim, one statement in both dialects: the first claim of a month makes its row; a later one
 * takes it only while it is pending, due and nobody's (a lease that ran out is nobody's).
 */
export const CLAIM_REPORT = (p: (n: number) => string) => `INSERT INTO results_reports AS r
    (site, month, state, attempts, next_attempt_at, claimed_by, claimed_until)
    VALUES (${p(1)}, ${p(2)}, 'pending', 1, 0, ${p(3)}, CAST(${p(4)} AS bigint) + CAST(${p(5)} AS bigint))
  ON CONFLICT (site, month) DO UPDATE SET attempts = r.attempts + 1, claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
  WHERE r.state = 'pending' AND r.claimed_until <= ${p(4)} AND r.next_attempt_at <= ${p(4)}
  RETURNING ${REPORT_COLUMNS}`

/** Settling, while the claim is still the one held (its holder and lease unchanged). */
export const SETTLE_REPORT = (p: (n: number) => string) => `UPDATE results_reports
  SET state = ${p(3)}, next_attempt_at = ${p(4)}, last_error = ${p(5)}, sent_at = ${p(6)}, claimed_until = 0
  WHERE site = ${p(1)} AND month = ${p(2)} AND claimed_by = ${p(7)} AND claimed_until = ${p(8)} AND state = 'pending'`

/** The parameters of SETTLE_REPORT for a claim and its outcome. */
export function settleValues(claim: ReportDelivery, outcome: ReportOutcome) {
  const pending = outcome.state === 'pending'
  return [
    claim.site,
    claim.month,
    outcome.state,
    pending ? outcome.retryAt : 0,
    outcome.error ?? null,
    outcome.state === 'sent' ? outcome.at : null,
    claim.claimedBy,
    claim.claimedUntil,
  ]
}

/** The calendar day in the earliest time zone on Earth (UTC−12): every day before it is over everywhere. */
const earliestZone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Etc/GMT+12', year: 'numeric', month: '2-digit', day: '2-digit' })
export const earliestDay = (now: number) => earliestZone.format(now)
