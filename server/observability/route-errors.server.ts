import { isRouteErrorResponse } from 'react-router'
import { log } from './log.js'

/**
 * A React Router app's `handleError` (the site's and the console's entry.server.tsx): a loader's, action's or render's
 * failure as one JSON line (pino escapes its message and stack), never React Router's default console.error, whose
 * lines a crafted message could make look like log entries of their own. React Router's own answers (404, 405) carry
 * their reason in the status and the request log already says it; an aborted request (the visitor left) is no failure.
 */
export const routeErrorLogger =
  (event: string, message: string) =>
  (error: unknown, { request }: { request: Request }) => {
    if (request.signal.aborted || isRouteErrorResponse(error)) return
    log.error({ event, err: error, path: new URL(request.url).pathname }, message)
  }
