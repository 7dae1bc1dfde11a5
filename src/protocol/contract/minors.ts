/**
 * Minors' mode: local-stack extension entries of the user center (`origin: 'extension'`, no
 * SPEC path). The settings live on the gateway per TV: every family member reads the same settings;
 * changing them (turning the mode off included) and a grant take the TV's 4-digit lock password, with
 * the lock rules of lockSetting (userCenter.ts): 2004 wrong, 5 wrong in a row 2005 for 15 minutes,
 * one counter for the locks and minors' mode. No password on the TV yet: the first change that turns
 * the mode on sets it (1001 without 4 digits). Members only (1004 for anyone else or another TV).
 * The day's counted total is the box's: the gateway keeps it per TV and server day (UTC+8), so a box
 * restart loses nothing; phones only read it. Rules and numbers: ../minors.ts.
 */
import { endpoint } from './endpoint'
import { MINORS_AGE_GROUPS } from '../minors'
import { uidMac } from './models'
import { opt, s, type Infer } from './schema'

const domain = 'userCenter' as const

export const minorsSettings = s.obj({
  enabled: s.bool(),
  ageGroup: s.oneOf(MINORS_AGE_GROUPS, 'under8 | 8to16 | 16to18: the default total 40 / 60 / 120 minutes'),
  dailyLimitMin: s.num('whole minutes, 15..240'),
  curfewStart: s.str('HH:MM, UTC+8 (default 22:00)'),
  curfewEnd: s.str('HH:MM, UTC+8 (default 06:00); differs from curfewStart'),
  restReminder: s.bool('a rest reminder after 30 minutes of continuous playback (default on)'),
})

export const minorsToday = s.obj({
  day: s.str('YYYYMMDD, the server day (UTC+8)'),
  usedSec: s.num('playback counted by the box today'),
  limitSec: s.num("today's total: the setting plus today's grant"),
  granted: s.bool('the one grant of the day was given'),
  reason: s.oneOf(['', 'total', 'curfew'] as const, "'' while playback is allowed"),
})

export const minorsInfo = s.obj({
  mac: s.str(),
  settings: minorsSettings,
  updatedAt: s.num('epoch ms of the last change (0: never set)'),
  today: minorsToday,
  serverTime: s.num('epoch ms on the gateway clock when answered'),
  hasPassword: s.bool('the TV has a lock password (needed to change the settings)'),
  triesLeft: s.num('wrong passwords left before the 15-minute wait'),
  retryAfterSec: s.num('> 0: no change until this many seconds have passed'),
})

export const minorsWatched = s.obj({
  kind: s.oneOf(['vod', 'live', 'other'] as const),
  title: s.str(),
  programId: opt(s.str()),
  startedAt: s.num('epoch ms'),
  sec: s.num('seconds counted (0 for a watch record the box did not count)'),
  source: s.oneOf(['box', 'record'] as const, "box: the box's count; record: a watch record on this TV"),
})

export const minorsDay = s.obj({
  day: s.str('YYYYMMDD'),
  usedSec: s.num(),
  limitSec: s.num('0 on a day the mode was off'),
  granted: s.bool(),
  watched: s.arr(minorsWatched, 'oldest first'),
})

export const minors = {
  queryMinorsMode: endpoint({
    domain,
    path: 'v5/minorsMode/queryMinorsMode',
    request: s.obj(uidMac),
    response: minorsInfo,
    errors: ['1004'],
    origin: 'extension',
    doc: "Minors' mode (an extension beyond SPEC): a TV's minors' mode settings and today's count, for any member of its family.",
  }),
  minorsModeSetting: endpoint({
    domain,
    path: 'v5/minorsMode/minorsModeSetting',
    request: s.obj({ ...uidMac, settings: minorsSettings, password: opt(s.str('4 digits: the lock password')) }),
    response: minorsInfo,
    errors: ['1004', '2004', '2005'],
    origin: 'extension',
    doc: "Minors' mode (an extension beyond SPEC): stores the settings (1001 out of range: total 15..240 whole minutes, HH:MM curfew with start != end); the box applies them at once.",
  }),
  minorsGrant: endpoint({
    domain,
    path: 'v5/minorsMode/grant',
    request: s.obj({ ...uidMac, password: s.str('4 digits: the lock password') }),
    response: minorsInfo,
    errors: ['1003', '1004', '2002', '2004', '2005'],
    origin: 'extension',
    doc: "Minors' mode (an extension beyond SPEC): 15 more minutes today, once per TV per server day (2002 after; 1003 while the mode is off); the box applies it at once.",
  }),
  minorsReport: endpoint({
    domain,
    path: 'v5/minorsMode/report',
    request: s.obj(uidMac),
    response: s.obj({ serverTime: s.num(), days: s.arr(minorsDay, 'the 7 server days up to today, oldest first') }),
    errors: ['1004'],
    origin: 'extension',
    doc: "Minors' mode (an extension beyond SPEC): the last 7 days: minutes counted, today's totals, and what was watched and when (the box's counts and this TV's watch records).",
  }),
}

export type MinorsInfo = Infer<typeof minorsInfo>
export type MinorsDay = Infer<typeof minorsDay>
export type MinorsWatched = Infer<typeof minorsWatched>
