import net from 'node:net'

/**
 * A TCP hop between a server and its database on 127.0.0.1, so a test can cut the line (every connection dropped,
 * new ones refused) and restore it, as a network outage would; or hang it (nothing forwarded either way, nothing
 * closed, new connections accepted and left waiting), as a network partition does, and resume it.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1') {
  const sockets = new Set<net.Socket>()
  /** Client and upstream of each connection; an upstream whose client left while the line hung ends on resume. */
  const pairs = new Map<net.Socket, net.Socket | null>()
  let hung = false
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const forward = (client: net.Socket) => {
    const upstream = pairs.get(client) ?? net.connect(targetPort, targetHost)
    if (!pairs.get(client)) track(upstream)
    pairs.set(client, upstream)
    client.pipe(upstream).pipe(client)
    client.resume()
    upstream.resume()
  }
  const server = net.createServer((client) => {
    track(client)
    pairs.set(client, null)
    client.on('close', () => {
      if (!hung) pairs.get(client)?.destroy()
      if (!hung) pairs.delete(client)
    })
    if (hung) client.pause()
    else forward(client)
  })
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const { port } = server.address() as net.AddressInfo
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const socket of sockets) socket.destroy()
      pairs.clear()
    })
  return {
    port,
    cut,
    restore: () => listen(port),
    /** Stops forwarding without closing anything: whatever is sent waits, unanswered. */
    hang() {
      hung = true
      for (const [client, upstream] of pairs) {
        client.unpipe()
        upstream?.unpipe()
        client.pause()
        upstream?.pause()
      }
    },
    /** Forwards again what waited; connections whose client gave up meanwhile are closed upstream too. */
    resume() {
      hung = false
      for (const [client, upstream] of pairs) {
        if (client.destroyed) {
          upstream?.destroy()
          pairs.delete(client)
        } else forward(client)
      }
    },
    close: () => (server.listening ? cut() : Promise.resolve()),
  }
}
