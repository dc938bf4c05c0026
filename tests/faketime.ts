import fs from 'node:fs'
import path from 'node:path'

/**
 * The environment that starts a process with its wall clock `minutes` ahead, as a machine whose clock has drifted:
 * Debian's libfaketime (`apt-get install faketime`) preloaded. The multi-threaded build (libfaketimeMT) is the one
 * Node 20 runs under (libuv's threads read the clock too); the monotonic clock is left alone, as real drift leaves
 * it: timers and intervals run as usual, Date.now() and new Date() are ahead.
 */
export function clockAhead(minutes: number): Record<string, string> {
  const lib = ['/usr/lib', '/usr/lib64']
    .flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((arch) => path.join(dir, arch, 'faketime/libfaketimeMT.so.1')) : []))
    .find((file) => fs.existsSync(file))
  if (!lib) throw new Error("The clock-skew test needs libfaketime: install Debian's faketime (`apt-get install -y faketime`).")
  return { LD_PRELOAD: lib, FAKETIME: `+${minutes}m`, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
}
