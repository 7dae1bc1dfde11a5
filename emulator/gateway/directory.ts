/** BrokerDirectory over the emulator state (the seam to the broker and the virtual set-top boxes). */
import { tvTopic, type BrokerDirectory } from '../directory'
import type { Catalogue } from '../data/catalogue'
import type { Db } from '../db/store'

export function createDirectory(db: Db, cat: Catalogue): BrokerDirectory {
  return {
    sessionByClientId: (cid) => {
      const s = db.state.jarvis[cid]
      return s ? { ...s, clientTopic: [...s.clientTopic] } : undefined
    },
    tvTopicsOfUser: (uid) =>
      Object.values(db.state.families)
        .filter((f) => f.members.includes(uid))
        .map((f) => tvTopic(f.mac)),
    allTvs: () =>
      cat.tvs.map((t) => {
        const fam = Object.values(db.state.families).find((f) => f.mac === t.mac)
        return { mac: t.mac, name: fam?.deviceName ?? t.defaultName, topic: tvTopic(t.mac) }
      }),
    locksOf: (mac) => {
      const l = db.state.locks[mac]
      return { childLock: l?.childLock ?? false, globalLock: l?.globalLock ?? false }
    },
  }
}
