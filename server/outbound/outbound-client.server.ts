import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { refusalOf } from './address-policy.server.ts'

/** The address a URL leads to is one we never reach (the lead or image is refused, not retried). */
export class OutboundRefused extends Error {}

export type OutboundRequest = {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Connect, headers and body together. */
  timeoutMs: number
  /** The largest 2xx body read; a bigger one (declared or streamed) is an error. 0: the body is not read. */
  maxBytes: number
  /** How many redirects are followed, each one checked like the first URL; 0 answers the 3xx itself. */
  redirects?: number
  /** Set: the first this many bytes of the answer are read whatever its status (a test delivery shows them), the rest never. */
  firstBytes?: number
}
/** Only a 2xx answer carries its body: nothing else the other side sends is ever read. */
export type OutboundAnswer = { status: number; body: Buffer }

type Options = {
  /** Exact origins (scheme, host, port) the operator configured: reached whatever their address. */
  allowOrigins: Iterable<string>
  /** DNS, for tests that make a name resolve to loopback. */
  lookup?: net.LookupFunction
}

/**
 * The one way the server reaches a URL a record (or the operator) names. A URL outside the
 * allowed origins may only reach public addresses: checked after DNS, on the address the socket
 * will really connect to, and again on every redirect hop. Answers are read up to a size cap.
 */
export function createOutboundClient({ allowOrigins, lookup = dns.lookup as net.LookupFunction }: Options) {
  const originsOf = (origins: Iterable<string>) => new Set(Array.from(origins, (origin) => new URL(origin).origin))
  let allowed = originsOf(allowOrigins)

  const publicOnly: net.LookupFunction = (hostname, options, callback) =>
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const list = addresses as dns.LookupAddress[]
      if (error) return callback(error, '')
      const refusal = list.map((a) => refusalOf(a.address)).find(Boolean)
      if (refusal) return callback(new OutboundRefused(`refused: ${refusal} (${hostname})`), '')
      if (options.all) return callback(null, list)
      callback(null, list[0]!.address, list[0]!.family)
    })

  async function hop(url: URL, request: OutboundRequest, redirectsLeft: number, signal: AbortSignal): Promise<OutboundAnswer> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('refused: not an http(s) URL')
    const trusted = allowed.has(url.origin)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // An IP literal is connected to without any lookup, so it is judged here.
    const refusal = !trusted && net.isIP(host) ? refusalOf(host) : null
    if (refusal) throw new OutboundRefused(`refused: ${refusal}`)
    const response = await send(url, request, trusted ? lookup : publicOnly, signal)
    const status = response.statusCode ?? 0
    const location = response.headers.location
    if (status >= 300 && status < 400 && location && redirectsLeft > 0) {
      response.destroy()
      return hop(new URL(location, url), request, redirectsLeft - 1, signal)
    }
    if (request.firstBytes) return { status, body: await readFirst(response, request.firstBytes) }
    if (status < 200 || status >= 300 || request.maxBytes === 0) {
      response.destroy()
      return { status, body: Buffer.alloc(0) }
    }
    return { status, body: await readCapped(response, request.maxBytes) }
  }

  return {
    /** Replaces the configured origins (the sites file was reloaded); requests already under way keep their verdict. */
    allowOnly(origins: Iterable<string>) {
      allowed = originsOf(origins)
    },
    async request(url: string | URL, request: OutboundRequest): Promise<OutboundAnswer> {
      const signal = AbortSignal.timeout(request.timeoutMs)
      try {
        return await hop(new URL(url), request, request.redirects ?? 0, signal)
      } catch (error) {
        if (signal.aborted) throw new Error(`no complete answer within ${request.timeoutMs} ms`, { cause: error })
        throw error
      }
    },
  }
}

export type OutboundClient = ReturnType<typeof createOutboundClient>

function send(url: URL, request: OutboundRequest, lookup: net.LookupFunction, signal: AbortSignal) {
  const headers = {
    ...request.headers,
    ...(request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(request.body)) }),
  }
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.request : http.request
    // agent: false: a connection of its own, so no pooled socket skips the lookup above.
    get(url, { method: request.method ?? 'GET', headers, lookup, signal, agent: false }, resolve)
      .on('error', reject)
      .end(request.body)
  })
}

/** The body, streamed: whatever Content-Length claims (or not, when chunked), never more than maxBytes is kept. */
async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => {
    response.destroy()
    return new Error(`answer larger than ${formatBytes(maxBytes)}`)
  }
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** The answer's first `bytes` bytes; the connection is closed once they are in. */
async function readFirst(response: http.IncomingMessage, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    size += chunk.length
    if (size >= bytes) break
  }
  response.destroy()
  return Buffer.concat(chunks).subarray(0, bytes)
}

const MB = 1024 * 1024
const formatBytes = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`)
