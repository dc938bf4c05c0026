import type { AppLoadContext } from 'react-router'

type Snapshot = AppLoadContext['snapshot']

/** With no record at all yet, wait at most this long for one before rendering the empty record. */
const FIRST_RECORD_WAIT_MS = 1_000

/**
 * One snapshot per request, however many loaders read it (root, layout, route, resource routes).
 * Keyed by the load context, which server/app.ts creates once per request: React Router gives
 * each loader its own copy of the Request, so the Request cannot be the key.
 */
const requestSnapshots = new WeakMap<AppLoadContext, Promise<Snapshot>>()

/** The record this request renders: the current one, or (before any arrived) the first fetch's, if it comes quickly. */
export function currentSnapshot(context: AppLoadContext): Promise<Snapshot> {
  let snapshot = requestSnapshots.get(context)
  if (!snapshot) requestSnapshots.set(context, (snapshot = settledSnapshot(context)))
  return snapshot
}

export const currentRecord = async (context: AppLoadContext) => (await currentSnapshot(context)).record

async function settledSnapshot({ services, snapshot }: AppLoadContext): Promise<Snapshot> {
  if (snapshot.origin !== 'empty') return snapshot
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_RECORD_WAIT_MS)))
  await Promise.race([services.records.refreshIfDue(), waited])
  clearTimeout(timer)
  return services.pageSnapshot()
}
