import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import sharp from 'sharp'

export type HostedFile = { type: string; body: Buffer } | { status: number } | { hang: true }

/**
 * A real HTTP(S) image host a test fills with files and can take down: stands in for the
 * provider's image host. `tls` (a key and certificate) makes it HTTPS.
 */
export async function startImageHost(files: Record<string, HostedFile>, tls?: { key: string; cert: string }) {
  let down = false
  const requests: string[] = []
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(req.url ?? '')
    const file = files[req.url ?? '']
    if (down) return void res.socket?.destroy()
    if (!file) return void res.writeHead(404).end('not found')
    if ('hang' in file) return // never answers: the fetch timeout must fire
    if ('status' in file) return void res.writeHead(file.status).end()
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length }).end(file.body)
  }
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    url: (name: string) => `${origin}${name}`,
    requests,
    files,
    setDown(value: boolean) {
      down = value
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A phone photo: 4032×3024 JPEG stored sideways (EXIF orientation 6, shown portrait) with the GPS position of a home. */
export async function phonePhoto(options: { sigma?: number; base?: Buffer } = {}) {
  const pixels = options.base
    ? sharp(options.base).resize(4032, 3024, { fit: 'cover' })
    : sharp({
        create: {
          width: 4032,
          height: 3024,
          channels: 3,
          background: { r: 120, g: 140, b: 90 },
          noise: { type: 'gaussian', mean: 128, sigma: options.sigma ?? 12 },
        },
      })
  return pixels
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 0/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '105/1 16/1 14/1' },
    })
    .toBuffer()
}

/** True when EXIF holds a GPS block (the GPS IFD pointer tag 0x8825, either byte order). */
export const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))

/** A transparent PNG logo. */
export const pngLogo = () =>
  sharp({ create: { width: 600, height: 180, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: Buffer.from('<svg width="600" height="180"><rect x="20" y="20" width="560" height="140" rx="30" fill="#1d4d3a"/></svg>') },
    ])
    .png()
    .toBuffer()

/**
 * A decompression bomb: a tiny PNG whose header says 60 000 × 60 000 (3.6 billion pixels, or the size
 * given), so only the pixel limits stand between it and gigabytes of memory.
 */
export async function pngBomb(width = 60_000, height = 60_000) {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer()
  const ihdr = png.indexOf('IHDR') // length(4) 'IHDR'(4) width(4) height(4) … crc(4)
  png.writeUInt32BE(width, ihdr + 4)
  png.writeUInt32BE(height, ihdr + 8)
  png.writeUInt32BE(zlib.crc32(png.subarray(ihdr, ihdr + 17)) >>> 0, ihdr + 17)
  return png
}
