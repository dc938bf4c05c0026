import type { IncomingMessage } from 'node:http'

/**
 * Reads a request body of at most `limit` bytes, counting while it streams: a lying Content-Length or
 * an endless chunked body costs at most `limit` bytes of memory. 'too large' as soon as it is known.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too large' | 'aborted'> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve('too large')
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: Buffer | 'too large' | 'aborted') => {
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose)
      if (result !== 'too large' && result !== 'aborted') return resolve(result)
      req.pause()
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) return finish('too large')
      chunks.push(chunk)
    }
    const onEnd = () => finish(Buffer.concat(chunks))
    const onAbort = () => finish('aborted')
    const onClose = () => {
      if (!req.readableEnded) finish('aborted')
    }
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onClose)
  })
}
