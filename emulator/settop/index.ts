import { commandTopicOf, PHONE_TOPIC_PREFIX, TV_TOPIC_PREFIX, type BrokerDirectory } from '../directory'
import { VirtualSetTopBox } from './box'
import type { SettopTransport } from './transport'

export { VirtualSetTopBox } from './box'
export { aedesTransport, mqttTransport, perTvMqttTransport, type SettopTransport } from './transport'

export interface SetTops {
  /** The box of a TV (created on first use for every TV the directory knows); undefined otherwise. */
  box(mac: string): VirtualSetTopBox | undefined
  /** Boxes created so far. */
  boxes(): VirtualSetTopBox[]
  /**
   * Make a TV go silent (true) or answer again (false): the offline-TV switch. A TV that answers again
   * announces itself to its family's phones. False if unknown TV.
   */
  setSilent(mac: string, silent: boolean): boolean
  /** The box of a TV added to the directory after start-up, with its connection up when the transport has one per TV. */
  attach(mac: string): Promise<VirtualSetTopBox | undefined>
  close(): Promise<void>
}

/** The user of the broker session behind a phone topic (never the envelope's `from`). */
function uidOfTopic(directory: BrokerDirectory, topic: string): string | undefined {
  if (!topic.startsWith(PHONE_TOPIC_PREFIX)) return undefined
  const phone = directory.sessionByClientId(topic.slice(PHONE_TOPIC_PREFIX.length))
  return phone && phone.clientTopic.includes(topic) ? phone.uid : undefined
}

function normalizeMac(mac: string): string {
  return mac.replace(/[^0-9a-fA-F]/g, '').slice(-12).toUpperCase()
}

/**
 * One virtual set-top box per TV of directory.allTvs(): a single subscription to tvc/tv/# hands each
 * command to the box of its TV, created on demand, so TVs bound after start-up are played too, with its
 * sender when it came on a user's way in (`tvc/tv/{MAC}/u/{uid}`).
 */
export async function startSetTops(options: { directory: BrokerDirectory; transport: SettopTransport }): Promise<SetTops> {
  const { directory, transport } = options
  const boxes = new Map<string, VirtualSetTopBox>()

  const box = (mac: string): VirtualSetTopBox | undefined => {
    const key = normalizeMac(mac)
    const existing = boxes.get(key)
    if (existing) return existing
    const tv = directory.allTvs().find((t) => t.mac === key)
    if (!tv) return undefined
    const created = new VirtualSetTopBox(
      tv,
      () => directory.locksOf(tv.mac),
      (topic, payload) => transport.publish(topic, payload, tv.mac),
      (play) => directory.recordPlay?.(play),
      // an answer goes only to a phone of the sender's own user, in the TV's family now
      (topic, sender) => {
        if (!sender || !topic.startsWith(PHONE_TOPIC_PREFIX)) return false
        const phone = directory.sessionByClientId(topic.slice(PHONE_TOPIC_PREFIX.length))
        return !!phone && phone.uid === sender && phone.clientTopic.includes(topic) && directory.tvTopicsOfUser(phone.uid).includes(tv.topic)
      },
      directory.screenOptionOf ? () => directory.screenOptionOf?.(tv.mac) : undefined,
      {
        // the family's phones connected now (the broker's clients whose session may hear this TV)
        familyTopics: transport.clientIds ? () => (transport.clientIds?.() ?? []).map((cid) => `${PHONE_TOPIC_PREFIX}${cid}`) : undefined,
        userOfTopic: (topic) => uidOfTopic(directory, topic),
        channels: directory.liveChannels,
        onAirTitle: directory.onAirTitle,
        now: directory.now,
        programs: directory.programOf,
        // the child lock: the box starts only what the gateway's child channel would show
        childFriendly: directory.childFriendly,
        desktopTiles: directory.desktopTiles,
        // minors' mode, read from and counted to the gateway (it keeps the day's total)
        minors:
          directory.minorsOf && directory.addMinorsUsage
            ? { read: (day) => directory.minorsOf?.(tv.mac, day), add: (usage) => directory.addMinorsUsage?.(tv.mac, usage) }
            : undefined,
        family: directory.familyMembers
          ? { uidOfTopic: (topic) => uidOfTopic(directory, topic), members: () => directory.familyMembers?.(tv.mac) ?? [] }
          : undefined,
      },
    )
    boxes.set(key, created)
    // a transport with a connection per TV: this TV's (a box created on first use gets it late)
    transport.attach?.(tv.mac).catch((e: unknown) => console.error(`settop ${tv.mac}: no connection: ${String(e)}`))
    return created
  }

  await transport.subscribe(`${TV_TOPIC_PREFIX}#`, (topic, payload) => {
    const to = commandTopicOf(topic)
    if (to) box(to.mac)?.handle(payload, to.uid)
  })

  // one connection per TV (a broker that knows each TV by its own credentials): every TV's, before start-up ends
  if (transport.attach) await Promise.all(directory.allTvs().map((tv) => transport.attach?.(tv.mac)))

  // the gateway changed a TV's locks, screen option, family or minors' mode: its box applies it and
  // reports to its phones at once
  const offChanges = directory.onTvChanged?.((mac) => boxes.get(normalizeMac(mac))?.tvChanged()) ?? (() => undefined)
  // the owner reset a TV's lock password: its box says so on the screen and to every family phone
  const offReset = directory.onLockPasswordReset?.((mac) => boxes.get(normalizeMac(mac))?.passwordReset()) ?? (() => undefined)
  // a user's programme reminder fired for this TV: its box shows the banner (created on first use)
  const offReminder = directory.onReminder?.((mac, reminder) => void box(mac)?.showReminder(reminder)) ?? (() => undefined)
  // the boxes' own connection came back (an external broker): each box announces itself
  const offReconnect = transport.onReconnect?.(() => {
    for (const b of boxes.values()) b.announce()
  }) ?? (() => undefined)
  // the stack's clock moved: every box playing a program catches up and writes its record
  const offClock = directory.onClockMoved?.(() => {
    for (const b of boxes.values()) b.clockMoved()
  }) ?? (() => undefined)

  return {
    box,
    boxes: () => [...boxes.values()],
    setSilent(mac, silent) {
      const b = box(mac)
      if (!b) return false
      const back = b.silent && !silent
      b.silent = silent
      if (back) b.announce()
      return true
    },
    async attach(mac) {
      const b = box(mac)
      if (b) await transport.attach?.(b.tv.mac)
      return b
    },
    close: () => {
      offChanges()
      offReset()
      offReminder()
      offClock()
      offReconnect()
      for (const b of boxes.values()) b.dispose()
      return transport.close()
    },
  }
}
