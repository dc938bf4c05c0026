import type { IncomingMessage } from 'node:http'
import type { ResolvedRequest } from './request-resolver.server.ts'

/** The gate's view of each request it passed, for the steps after it (Express, React Router). */
const views = new WeakMap<IncomingMessage, ResolvedRequest>()

export const keepResolved = (req: IncomingMessage, resolved: ResolvedRequest) => void views.set(req, resolved)

export function resolvedOf(req: IncomingMessage): ResolvedRequest {
  const resolved = views.get(req)
  if (!resolved) throw new Error('a request reached the site without passing the gate')
  return resolved
}
