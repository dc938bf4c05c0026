import fs from 'node:fs'

/**
 * A server's clock set to another time with Debian's libfaketime (`apt-get install faketime`): the
 * environment that starts a process at `instant`, its clock running on from there. Only the wall clock
 * moves (Date, Intl): timers keep the real monotonic clock, so the server's intervals tick as usual.
 */
export function fakeTimeEnv(instant: string): Record<string, string> {
  const library = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib']
    .map((dir) => `${dir}/faketime/libfaketime.so.1`)
    .find((file) => fs.existsSync(file))
  if (!library) throw new Error("These tests move a server's clock with libfaketime: install Debian's faketime (apt-get install faketime).")
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) throw new Error(`not a time: ${instant}`)
  // "@YYYY-MM-DD hh:mm:ss" is read in the process's TZ: UTC here, so the instant is exact.
  return {
    LD_PRELOAD: library,
    FAKETIME: `@${at.toISOString().slice(0, 19).replace('T', ' ')}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    TZ: 'UTC',
  }
}
