import type pg from 'pg'

/**
 * A connection taken from the pool for several statements (a transaction, the migration). While it is out,
 * the pool no longer listens for its errors, and a socket that dies between two statements (the database
 * restarted, the network cut) would emit an 'error' nobody handles: the whole process, every site, would
 * exit. This listens while it is out; the next statement on it fails instead, and release drops it.
 */
export async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (error: Error) => void (broken = error)
  client.on('error', onError)
  const release = client.release.bind(client)
  client.release = (destroy?: boolean | Error) => {
    client.removeListener('error', onError)
    release(destroy ?? broken) // a connection that broke while out is closed, not handed out again
  }
  return client
}

/** A database error as one line: pg's connection errors may carry only a code (ECONNREFUSED) and no message. */
export const errorText = (e: unknown) => (e instanceof Error ? e.message || (e as { code?: string }).code || e.name : String(e))

/** Several statements as one, on one connection: all or nothing. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await checkOut(pool)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}
