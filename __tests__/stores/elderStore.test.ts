/**
 * 长辈版's choice (features/elder/store/elderStore): the user's, remembered on the phone per user; the
 * visitor's choice stands for a user who never made one; offered once when the text is at 关怀模式
 * size; one switch back; what a damaged or foreign store holds is read entry by entry.
 */
import { autorun } from 'mobx'
import { memoryStorage } from '@/platform/memoryStorage'
import { choiceIn, ELDER_KEY, ELDER_USERS_LIMIT, ElderStore, usersIn } from '@/features/elder/store/elderStore'

function world(initial: Record<string, unknown> = {}) {
  const storage = memoryStorage(initial)
  const who = { uid: '', care: false, t: 1000 }
  const make = () => new ElderStore({ storage, uid: () => who.uid, careSize: () => who.care, now: () => ++who.t })
  return { storage, who, make }
}

describe('the choice', () => {
  it('is off by default, set by the switch, and one tap turns it back', () => {
    const { make, who } = world()
    who.uid = 'u1'
    const store = make()
    expect(store.on).toBe(false)
    store.toggle()
    expect(store.on).toBe(true)
    store.toggle()
    expect(store.on).toBe(false)
  })

  it('is remembered per user on the phone: another user has their own, and a later launch reads each', () => {
    const { make, who, storage } = world()
    who.uid = 'u1'
    make().setOn(true)
    who.uid = 'u2'
    const second = make()
    // u2 never chose and the visitor never chose: standard
    expect(second.on).toBe(false)
    second.setOn(false)
    who.uid = 'u1'
    expect(make().on).toBe(true)
    who.uid = 'u2'
    expect(make().on).toBe(false)
    expect(Object.keys((storage.dump()[ELDER_KEY] as { users: object }).users).sort()).toEqual(['u1', 'u2'])
  })

  it('the visitor\'s choice carries into a login that never chose; a user\'s own choice wins over it; logout shows the visitor\'s', () => {
    const { make, who } = world()
    const store = make()
    store.setOn(true) // the visitor, before logging in
    who.uid = 'u1'
    expect(store.on).toBe(true)
    store.setOn(false)
    expect(store.on).toBe(false)
    who.uid = ''
    expect(store.on).toBe(true)
  })

  it('is observable: home follows the switch at once', () => {
    const { make, who } = world()
    who.uid = 'u1'
    const store = make()
    const seen: boolean[] = []
    const stop = autorun(() => seen.push(store.on))
    store.toggle()
    store.toggle()
    stop()
    expect(seen).toEqual([false, true, false])
  })

  it('keeps at most ELDER_USERS_LIMIT users, dropping the choice made longest ago', () => {
    const { make, who, storage } = world()
    const store = make()
    for (let i = 0; i <= ELDER_USERS_LIMIT; i++) {
      who.uid = `u${i}`
      store.setOn(true)
    }
    const users = (storage.dump()[ELDER_KEY] as { users: Record<string, unknown> }).users
    expect(Object.keys(users)).toHaveLength(ELDER_USERS_LIMIT)
    expect(users).not.toHaveProperty('u0')
    expect(users).toHaveProperty(`u${ELDER_USERS_LIMIT}`)
  })

  it('a damaged or foreign store is read entry by entry: nothing that is not whole counts, nothing throws', () => {
    for (const v of [null, undefined, 'on', 7, { users: [true] }, { users: 'x' }]) expect(usersIn(v)).toEqual({})
    const users = usersIn({ users: { u1: { on: 'yes' }, u2: null, u3: { on: true, at: 'x' }, u4: { on: false, at: 5 }, '': { on: true, at: 1 } } })
    expect(choiceIn(users, 'u3')).toEqual({ on: true, at: 0 })
    expect(choiceIn(users, 'u4')).toEqual({ on: false, at: 5 })
    // an entry that is not whole counts as none: the visitor's choice stands
    expect(choiceIn(users, 'u1')).toEqual({ on: true, at: 1 })
    expect(choiceIn(users, 'u2')).toEqual({ on: true, at: 1 })
    expect(choiceIn(usersIn({ users: { u1: { on: 'yes' } } }), 'u1')).toBeUndefined()
    const { make, who } = world({ [ELDER_KEY]: { users: { u1: { on: 'yes' }, ['__proto__']: { on: true } } } })
    who.uid = 'u1'
    expect(make().on).toBe(false)
    who.uid = 'constructor'
    expect(make().on).toBe(false)
  })
})

describe('the first-launch offer', () => {
  it('is due only at 关怀模式 size and only while this user (and the phone) never chose', () => {
    const { make, who } = world()
    const store = make()
    expect(store.offerDue).toBe(false) // standard text size
    who.care = true
    expect(store.offerDue).toBe(true)
    store.setOn(false)
    // declined: remembered, never offered again, home stays standard
    expect(store.offerDue).toBe(false)
    expect(store.on).toBe(false)
    expect(make().offerDue).toBe(false)
    // a user who logs in on this phone follows the visitor's answer and is not asked again
    who.uid = 'u1'
    expect(store.offerDue).toBe(false)
  })

  it('accepting it switches home to 长辈版 and is remembered for the next launch', () => {
    const { make, who } = world()
    who.uid = 'u1'
    who.care = true
    const store = make()
    store.setOn(true)
    expect(store.on).toBe(true)
    const next = make()
    expect(next.on).toBe(true)
    expect(next.offerDue).toBe(false)
  })

  it('a user who already chose in settings is not offered it, even at the largest size', () => {
    const { make, who } = world()
    who.uid = 'u1'
    make().setOn(false)
    who.care = true
    expect(make().offerDue).toBe(false)
  })
})
