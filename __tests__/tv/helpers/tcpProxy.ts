import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

/**
 * A TCP relay between the phone and the broker, so a test can cut the link the way networks do:
 * `blackhole` swallows bytes both ways while sockets stay open (a silent link loss: mqtt.js still
 * says connected), `kill` destroys every connection and stops listening (broker gone), `listen` again
 * on the same port brings it back.
 */
export class TcpProxy {
  port = 0
  blackholed = false
  private server: Server | null = null
  private readonly sockets = new Set<Socket>()

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  async listen(port = this.port): Promise<void> {
    const server = createServer({ noDelay: true }, (client) => this.relay(client))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.address() as AddressInfo).port
  }

  blackhole(on: boolean): void {
    this.blackholed = on
  }

  async kill(): Promise<void> {
    const server = this.server
    this.server = null
    for (const s of this.sockets) s.destroy()
    this.sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private relay(client: Socket): void {
    const upstream = createConnection({ port: this.targetPort, host: this.targetHost, noDelay: true })
    for (const s of [client, upstream]) {
      this.sockets.add(s)
      s.on('error', () => undefined)
      s.on('close', () => {
        this.sockets.delete(s)
        client.destroy()
        upstream.destroy()
      })
    }
    client.on('data', (d) => {
      if (!this.blackholed) upstream.write(d)
    })
    upstream.on('data', (d) => {
      if (!this.blackholed) client.write(d)
    })
  }
}
