/**
 * How one process talks to PostgreSQL (DATABASE_POOL_MAX, DATABASE_TIMEOUT_MS): kept apart from the pg code so
 * the environment's schema can name the defaults without loading the driver.
 */
export type PostgresSettings = {
  /** The pool's connections for everything the process does; the one listening connection is one more. */
  poolMax: number
  /**
   * How long the database may take: to accept a connection, to hand one out of the pool, to answer a
   * statement. Past it the call fails as if the database were away (a hung network is an outage too).
   */
  timeoutMs: number
  /** pg_stat_activity's application_name: the origin a connection belongs to. */
  applicationName: string
}

/** At most six connections per origin (five in the pool, one listening) unless the operator says otherwise. */
export const POSTGRES_DEFAULTS: PostgresSettings = { poolMax: 5, timeoutMs: 5_000, applicationName: 'tradesite' }
