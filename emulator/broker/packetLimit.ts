/**
 * The embedded broker's packet limit. aedes 1.x has no maximum packet size: its parser keeps
 * buffering a packet until the whole of it (up to MQTT's 256 MB) has arrived. This guard sits between
 * a connection and aedes, reads only the MQTT framing (the fixed header's remaining length), and ends
 * the connection as soon as a packet announces more than the limit, before its body is read on; its
 * bytes never reach aedes. MQTT 3.1.1 has no way to refuse one packet: the connection goes, as for any
 * other refused publish. Over WebSocket, `maxPayload` of the WebSocket server bounds each frame too.
 */
import { Duplex, Transform } from 'node:stream'

/**
 * Largest MQTT packet (remaining length: topic + payload + variable header) a client may send: 16 KiB.
 * The app's biggest command (an h5Play envelope) is under 2 KiB; a TV's type 87 answer about 3 KiB.
 */
export const MAX_PACKET_BYTES = 16 * 1024

/** Reads MQTT fixed headers out of a byte stream: whether a packet is over `max` or the framing is broken. */
export class PacketFraming {
  private state: 'header' | 'length' | 'body' = 'header'
  private length = 0
  private multiplier = 1
  private lengthBytes = 0
  private left = 0

  constructor(private readonly max: number) {}

  /** Feeds bytes; false once a packet announces more than `max` bytes or its length is malformed. */
  feed(chunk: Uint8Array): boolean {
    let at = 0
    while (at < chunk.length) {
      if (this.state === 'header') {
        at += 1
        this.state = 'length'
        this.length = 0
        this.multiplier = 1
        this.lengthBytes = 0
      } else if (this.state === 'length') {
        const b = chunk[at++]
        this.length += (b & 0x7f) * this.multiplier
        this.multiplier *= 128
        this.lengthBytes += 1
        if (b & 0x80) {
          // the remaining length has at most 4 bytes (MQTT 3.1.1, 2.2.3)
          if (this.lengthBytes >= 4) return false
          continue
        }
        if (this.length > this.max) return false
        this.left = this.length
        this.state = this.left > 0 ? 'body' : 'header'
      } else {
        const take = Math.min(this.left, chunk.length - at)
        at += take
        this.left -= take
        if (this.left === 0) this.state = 'header'
      }
    }
    return true
  }
}

/**
 * `conn` as aedes should see it: the same writes, and reads that stop (the connection destroyed) at
 * the first packet over `max` bytes. `onRefused` is told once.
 */
export function limitPackets(conn: Duplex, max = MAX_PACKET_BYTES, onRefused: () => void = () => undefined): Duplex {
  const framing = new PacketFraming(max)
  let refused = false
  const reads = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (refused) return done()
      if (!framing.feed(chunk)) {
        refused = true
        onRefused()
        conn.destroy()
        return done()
      }
      done(null, chunk)
    },
  })
  conn.pipe(reads)
  const guarded = Duplex.from({ readable: reads, writable: conn })
  conn.once('close', () => guarded.destroy())
  conn.on('error', (e) => guarded.destroy(e))
  return guarded
}
