import fs from 'node:fs'
import path from 'node:path'

/**
 * A server's wall clock moved with Debian's libfaketime (`apt-get install faketime`), preloaded into the
 * process. The multi-threaded build (libfaketimeMT) is the one Node 20 runs under (libuv's threads read the
 * clock too). Only the wall clock moves (Date, Intl); the monotonic clock is left alone, as real drift leaves
 * it, so timers and intervals tick as usual.
 */
function preload(moved: string): Record<string, string> {
  const lib = ['/usr/lib', '/usr/lib64']
    .flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((arch) => path.join(dir, arch, 'faketime/libfaketimeMT.so.1')) : []))
    .find((file) => fs.existsSync(file))
  if (!lib)
    throw new Error("These tests move a server's clock with libfaketime: install Debian's faketime (`apt-get install -y faketime`).")
  return { LD_PRELOAD: lib, FAKETIME: moved, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
}

/** The environment that starts a process at `instant`, its clock running on from there. */
export function fakeTimeEnv(instant: string): Record<string, string> {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) throw new Error(`not a time: ${instant}`)
  // "@YYYY-MM-DD hh:mm:ss" is read in the process's TZ: UTC here, so the instant is exact.
  return { ...preload(`@${at.toISOString().slice(0, 19).replace('T', ' ')}`), TZ: 'UTC' }
}

/** The environment that starts a process with its wall clock `minutes` ahead, as a machine whose clock has drifted. */
export const clockAhead = (minutes: number) => preload(`+${minutes}m`)
