import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL server (tests/postgres.ts); make a database with freshDatabase(). */
    postgresUrl: string
  }
}

/** One PostgreSQL for the whole Vitest run: the storage contract and multi-instance tests use it. */
export default async function setup(project: TestProject) {
  const server = await startPostgres()
  project.provide('postgresUrl', server.url)
  return () => server.stop()
}
