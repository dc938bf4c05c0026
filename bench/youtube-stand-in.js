// A stand-in for YouTube's thumbnail host (i.ytimg.com) on this machine, for the Lighthouse benches: the
// pages that list videos show their thumbnails from there, and a machine without the internet (this
// project's sandbox) cannot reach it; the browser then logs a failed request per thumbnail, and
// Lighthouse's best practices count them (errors-in-console: /our-videos at 96). The stand-in answers
// every /vi/<id>/hqdefault.jpg as YouTube does: a 480×360 JPEG, a 16:9 frame with black bars above and
// below, cached for two hours. Chromium is pointed at it by its host resolver and trusts its certificate
// alone.
import path from 'node:path'
import sharp from 'sharp'
import { root } from '../server/process/ensure-build.js'
import { startHttpsHost } from './https-host.js'

const THUMBNAIL_HOST = 'i.ytimg.com'
const folder = path.join(root, '.tmp/youtube-stand-in')

/** One of the demo's photos as YouTube letterboxes a video's frame into its 480×360 thumbnail. */
async function thumbnail() {
  const frame = await sharp(path.join(root, 'public/demo/images/after-deck-600.webp')).resize(480, 270, { fit: 'cover' }).toBuffer()
  return sharp({ create: { width: 480, height: 360, channels: 3, background: '#000' } })
    .composite([{ input: frame, top: 45, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer()
}

/**
 * Starts the stand-in. `chromeFlags`: what Chromium needs to send i.ytimg.com's requests to it and trust
 * it; `requests`: how many thumbnails it served; `close` stops it.
 */
export async function startYoutubeStandIn() {
  const body = await thumbnail()
  let requests = 0
  const { server, port, spkiHash } = await startHttpsHost(folder, [`DNS:${THUMBNAIL_HOST}`], (req, res) => {
    if (!/^\/vi\/[\w-]{11}\/hqdefault\.jpg$/.test(req.url ?? '')) return res.writeHead(404).end()
    requests++
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=7200' }).end(body)
  })
  return {
    chromeFlags: [`--host-resolver-rules=MAP ${THUMBNAIL_HOST} 127.0.0.1:${port}`, `--ignore-certificate-errors-spki-list=${spkiHash}`],
    get requests() {
      return requests
    },
    close: () => server.close(),
  }
}
