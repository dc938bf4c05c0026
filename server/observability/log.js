// The process's one logger: JSON lines on stdout (pino), read by machines and shipped elsewhere.
// Plain JavaScript so server/process/start.js and server/process/ensure-build.js can log before any build exists.
import pino from 'pino'

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
const level = LEVELS.has(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL : 'info'

function createLogger() {
  return pino({
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"info" rather than 30: a person grepping a log file reads the word.
    formatters: { level: (label) => ({ level: label }) },
    // `npm run dev`: one coloured line per event for the person at the terminal (pino-pretty is a dev dependency).
    transport: process.argv.includes('--dev')
      ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } }
      : undefined,
  })
}

// One instance per process, even when the dev server loads this module a second time through Vite.
const key = Symbol.for('tradesite.log')
const shared = /** @type {Record<symbol, import('pino').Logger | undefined>} */ (/** @type {unknown} */ (globalThis))
/** @type {import('pino').Logger} */
export const log = shared[key] ?? (shared[key] = createLogger())

/**
 * The logger shape our modules take (tests hand them their own): a message and optional fields,
 * which never hold a visitor's details. `component` says which part of the server speaks.
 * @param {string} component
 */
export function logFor(component) {
  const child = log.child({ component })
  /** @param {'info' | 'warn' | 'error'} level */
  const at =
    (level) =>
    /**
     * @param {string} message
     * @param {object} [fields]
     */
    (message, fields) =>
      child[level](fields ?? {}, message)
  return { info: at('info'), warn: at('warn'), error: at('error') }
}
