import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import https from 'node:https'
import path from 'node:path'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'

export type FetchLimits = {
  /** Give up on one image after this long (connect, headers and body together). */
  timeoutMs: number
  maxBytes: number
  /** Only when the provider itself is local (tests, the embedded demo): loopback and private hosts are fine. */
  allowPrivateAddresses: boolean
  /** Where root-relative record URLs (the embedded demo's pictures) are read from. */
  publicDir: string
}

const MAX_REDIRECTS = 3

/** A readable reason an image was not fetched; the record's other images carry on. */
export class ImageRefused extends Error {}

/**
 * Fetches one record image's bytes. The filtering agents check the address each connection
 * really goes to (after DNS), so a host that resolves to a private, loopback or link-local
 * address is refused, on every redirect hop too. Bodies are streamed and cut off at maxBytes.
 */
export function createImageFetcher(limits: FetchLimits) {
  const filter = { allowPrivateIPAddress: limits.allowPrivateAddresses, allowMetaIPAddress: false, keepAlive: false }
  const agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) }

  async function fetchRemote(url: URL, redirectsLeft: number, signal: AbortSignal): Promise<Buffer> {
    const protocol = url.protocol as keyof typeof agents
    if (!(protocol in agents)) throw new ImageRefused(`not an http(s) URL`)
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const get = protocol === 'https:' ? https.get : http.get
      get(url, { agent: agents[protocol], signal, headers: { Accept: 'image/*' } }, resolve).on('error', reject)
    })
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      if (redirectsLeft === 0) throw new ImageRefused('too many redirects')
      return fetchRemote(new URL(response.headers.location, url), redirectsLeft - 1, signal)
    }
    if (status !== 200) {
      response.resume()
      throw new ImageRefused(`HTTP ${status}`)
    }
    if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
      response.destroy()
      throw new ImageRefused(`larger than ${limits.maxBytes} bytes`)
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > limits.maxBytes) {
        response.destroy()
        throw new ImageRefused(`larger than ${limits.maxBytes} bytes`)
      }
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  async function readLocal(pathname: string): Promise<Buffer> {
    const file = path.resolve(limits.publicDir, `.${decodeURIComponent(pathname)}`)
    if (!file.startsWith(path.resolve(limits.publicDir) + path.sep)) throw new ImageRefused('outside the public folder')
    const { size } = await fs.stat(file).catch(() => ({ size: -1 }))
    if (size < 0) throw new ImageRefused('no such file')
    if (size > limits.maxBytes) throw new ImageRefused(`larger than ${limits.maxBytes} bytes`)
    return fs.readFile(file)
  }

  return async function fetchImage(source: string): Promise<Buffer> {
    if (source.startsWith('/') && !source.startsWith('//')) return readLocal(new URL(source, 'http://local').pathname)
    const signal = AbortSignal.timeout(limits.timeoutMs)
    try {
      return await fetchRemote(new URL(source), MAX_REDIRECTS, signal)
    } catch (error) {
      if (signal.aborted) throw new ImageRefused(`no complete answer within ${limits.timeoutMs} ms`)
      if (error instanceof ImageRefused) throw error
      throw new ImageRefused(error instanceof Error ? error.message : String(error))
    }
  }
}

/** True when the provider runs on this machine or a private network (tests, the embedded demo). */
export function isLocalHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || (net.isIP(host) > 0 && /^127\.|^10\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\.|^::1$/.test(host))
}
