// A start-up failure the operator can fix (a port taken, a folder it cannot write, a database it cannot
// reach, a broken sites file, a wrong variable): one line on stderr saying what is wrong and what to do,
// exit code 1, no stack trace. Anything else that stops a start is a bug, and keeps its stack trace.
// Plain JavaScript so server/process/start.js and server/process/ensure-build.js can use it before any build exists.
import { maskCredentials } from './mask-credentials.js'

export class StartupError extends Error {
  /**
   * @param {string} message one sentence or two: what is wrong, then what to do about it
   * @param {ErrorOptions} [options]
   */
  constructor(message, options) {
    super(
      message
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' '), // one line, whatever the message is made of
      options,
    )
    this.name = 'StartupError'
  }
}

/**
 * Whether `error` is a StartupError. By its name, not `instanceof`: the server build carries its own
 * copy of this module, so an error thrown inside the build is of another class than start.js's.
 * @param {unknown} error
 * @returns {error is StartupError}
 */
export const isStartupError = (error) => error instanceof Error && error.name === 'StartupError'

/**
 * Ends the process with the one line of a StartupError (exit code 1); anything else is thrown on, stack and all.
 * @param {unknown} error
 * @param {string} [what] what did not happen, the line's first words
 * @returns {never}
 */
export function exitOnStartupError(error, what = 'tradesite did not start') {
  if (!isStartupError(error)) throw error
  // Whatever the message quotes (a variable's value, a library's error), no password or secret reaches stderr.
  process.stderr.write(`${what}: ${maskCredentials(error.message)}\n`)
  process.exit(1)
}

/**
 * What a listener's 'error' at start-up means, in the operator's words, naming the variables to change.
 * @param {NodeJS.ErrnoException} error
 * @param {{ port: number, host: string, portVar: string, hostVar: string }} where
 */
export function listenFailure(error, { port, host, portVar, hostVar }) {
  const message = (() => {
    switch (error.code) {
      case 'EADDRINUSE':
        return `Port ${port} is already in use on ${host}: stop the other process or set ${portVar} to a free port.`
      case 'EACCES':
        return `Port ${port} needs privileges this user does not have: set ${portVar} to 1024 or above (and let a proxy listen on ${port}).`
      case 'EADDRNOTAVAIL':
        return `${hostVar} ${host} is not an address of this machine: set ${hostVar} to one of its addresses, or 0.0.0.0 for all of them.`
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `${hostVar} ${host} is not a host name this machine can resolve: set ${hostVar} to one of its addresses, or 0.0.0.0 for all of them.`
      default:
        return `Cannot listen on ${host}:${port} (${hostVar}, ${portVar}): ${error.message}.`
    }
  })()
  return new StartupError(message, { cause: error })
}
