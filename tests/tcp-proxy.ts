import net from 'node:net'

/**
 * A TCP hop between a server and its database on 127.0.0.1, so a test can cut the line (every
 * connection dropped, new ones refused) and restore it, as a network outage would.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1') {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost)
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
  })
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const { port } = server.address() as net.AddressInfo
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const socket of sockets) socket.destroy()
    })
  return { port, cut, restore: () => listen(port), close: () => (server.listening ? cut() : Promise.resolve()) }
}
