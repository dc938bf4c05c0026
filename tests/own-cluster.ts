import { afterAll, beforeAll } from 'vitest'
import { startPostgres, type TestPostgres } from './postgres.ts'

/**
 * A cluster for this test file alone, started before its tests and removed after them; answers its URL (once started).
 * For a test that asserts what one database alone sees: transaction ids and the oldest snapshot still running are the
 * cluster's, so other files' work in the run's shared cluster shows through them (more rows read as changed, a dead row
 * kept by a vacuum) when integration files run side by side.
 */
export function clusterOfItsOwn(): () => string {
  let cluster: TestPostgres | undefined
  beforeAll(async () => {
    cluster = await startPostgres()
  })
  afterAll(() => cluster?.stop())
  return () => {
    if (!cluster) throw new Error('clusterOfItsOwn: the cluster starts in beforeAll; ask for its URL inside a test or a hook')
    return cluster.url
  }
}
