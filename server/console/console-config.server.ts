import type { Env } from '../config/env.server.ts'

/** Where the console is and how its cookies and passkeys are bound to it (issue 35). */
export interface ConsoleConfig {
  /** Its public origin: links it prints, the passkeys' expected origin. */
  url: string
  /** The passkeys' relying party: the origin's host name. */
  rpId: string
  /** https: the session cookie is Secure and `__Host-` prefixed. */
  secure: boolean
  cookie: string
  /** Sign-in and invitation attempts one client may make per 10 minutes. */
  attemptsPerWindow: number
}

/** The console's settings: CONSOLE_URL, else http://localhost:CONSOLE_PORT; null when neither is set (no console). */
export function consoleConfig(env: Pick<Env, 'CONSOLE_URL' | 'CONSOLE_PORT' | 'CONSOLE_RATE_LIMIT'>): ConsoleConfig | null {
  const url = env.CONSOLE_URL ?? (env.CONSOLE_PORT ? `http://localhost:${env.CONSOLE_PORT}` : null)
  if (!url) return null
  const { hostname, protocol } = new URL(url)
  const secure = protocol === 'https:'
  return {
    url,
    rpId: hostname,
    secure,
    // __Host-: the browser sends it only to this very origin (Secure, Path=/, no Domain), never to a sibling host.
    cookie: secure ? '__Host-tradesite-console' : 'tradesite-console',
    attemptsPerWindow: env.CONSOLE_RATE_LIMIT,
  }
}
