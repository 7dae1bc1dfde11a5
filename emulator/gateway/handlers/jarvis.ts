/** Jarvis handlers: broker credentials (JarvisSession records the broker checks), TV topics. */
import { randomBytes } from 'node:crypto'
import type { jarvis } from '../../../src/protocol/contract/jarvis'
import { normalizeMac } from '../../../src/protocol/mac'
import { agentTopic, phoneTopic } from '../../directory'
import { fail, type DomainHandlers } from '../context'
import { familyOfMac, tvOf } from './shared'
import { DEFAULT_SCREEN_OPTION } from '../directory'
import type { JarvisRec } from '../../db/state'
import { pruneBrokerSessions } from './brokerSessions'
import { familyOfTv } from '../../db/state'
import { emulatorStrings } from '../../strings'

export const jarvisHandlers: DomainHandlers<typeof jarvis> = {
  jarvisLogin: ({ uid, mac, deviceCode }, ctx) => {
    const u = ctx.user(uid)
    if (!mac.endsWith('_app') || !deviceCode) fail('1001', 'mac 或 deviceCode 不正确')
    const cid = `phone-${uid}-${deviceCode}`.slice(0, 64)
    const now = ctx.now()
    const session: JarvisRec = {
      issuedAt: now,
      cid,
      appKey: `app-${uid}`,
      sign: randomBytes(12).toString('hex'),
      clientTopic: [phoneTopic(cid)],
      uid,
      phone: u.phone,
    }
    ctx.db.state.jarvis[cid] = session
    // sessions past their 24 h go, and the user's oldest beyond BROKER_SESSIONS_PER_USER
    pruneBrokerSessions(ctx, uid)
    return { cid: session.cid, appKey: session.appKey, sign: session.sign, clientTopic: [...session.clientTopic] }
  },
  queryAgentTopic: ({ deviceMacs }, ctx) => {
    const uid = ctx.session?.uid ?? fail('401', '请先登录')
    // only TVs the caller is in the family of: a topic for any catalogue MAC listed the TVs there are,
    // and named targets for whoever had an account. Others are left out; none at all is one answer
    // whether the MAC names a TV or not.
    const mine = deviceMacs
      .map((m) => tvOf(ctx, m))
      .filter((t): t is NonNullable<typeof t> => t !== undefined && (familyOfTv(ctx.db.state, t.mac)?.members.includes(uid) ?? false))
    if (mine.length === 0) fail('1004', emulatorStrings.notYourTv)
    // the caller's own way into each TV (src/protocol/tv/sender.ts): the box learns the sender from it
    return mine.map((t) => ({ mac: t.mac, topic: agentTopic(t.mac, uid) }))
  },
  getScreenOption: ({ uid, mac }, ctx) => {
    ctx.user(uid)
    const m = familyOfMac(ctx, uid, mac).mac
    return { mac: m, ...(ctx.db.state.screenOptions[m] ?? DEFAULT_SCREEN_OPTION) }
  },
  setScreenOption: ({ uid, mac, mode, quality, autoPlayNext }, ctx) => {
    ctx.user(uid)
    const m = familyOfMac(ctx, uid, normalizeMac(mac)).mac
    ctx.db.state.screenOptions[m] = { mode, quality, autoPlayNext }
    ctx.db.touch()
    // the TV applies it at once and reports it (type 87 screenOption)
    ctx.events.emitScreenChanged(m, { mode, quality, autoPlayNext })
    return { mac: m, mode, quality, autoPlayNext }
  },
}
