import type { AppLoadContext } from 'react-router'

/** With no record at all yet, wait at most this long for one before rendering the empty record. */
const FIRST_RECORD_WAIT_MS = 1_000

/** The record this request renders: the current one, or (before any arrived) the first fetch's, if it comes quickly. */
export async function currentSnapshot({ services, snapshot }: AppLoadContext) {
  if (snapshot.origin !== 'empty') return snapshot
  await Promise.race([services.records.refreshIfDue(), new Promise((r) => setTimeout(r, FIRST_RECORD_WAIT_MS))])
  return services.pageSnapshot()
}

export const currentRecord = async (context: AppLoadContext) => (await currentSnapshot(context)).record
