/** My TVs opened from an invitation (?invite=code): whose TV first, login, then accept; the TV joins the list. */
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { device } from '../stores/fixtures'
import { family as t } from '@/strings/locks'
import { memoryStorage } from '@/platform/memoryStorage'

describe('my-tv with an invitation', () => {
  let bound = [device({ familyId: 'f1' })]
  const acceptInvitation = jest.fn(async () => {
    bound = [...bound, device({ familyId: 'f7', mac: 'AABBCCDDEE07', deviceName: '父母家' })]
    return bound[1]
  })
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    // no consent yet: the app does not log in silently, the invitee is logged out
    services = installLoggedIn(
      {
        userCenter: {
          queryBindDevice: async () => bound,
          queryInvitation: async ({ code }: { code: string }) => ({ code, familyId: 'f7', deviceName: '父母家', ownerNickName: '王阿姨', ownerPhone: '139****1234', expiresAt: 1, status: 'open' }),
          acceptInvitation,
        },
      } as never,
      { storage: memoryStorage() },
    )
    await createTaroApp('pages/my-tv/my-tv?invite=c7')
  })

  it('before login: shows whose TV it is and asks to log in first; nothing is accepted', async () => {
    await until(() => textsOf('.invite-card__text').length > 0, 'invitation card')
    expect(textsOf('.invite-card__text')).toEqual([t.invitationFrom('王阿姨', '139****1234', '父母家'), t.invitationLogin])
    expect(topPage().querySelector('.invite-card__accept')).toBeNull()
    expect(acceptInvitation).not.toHaveBeenCalled()
  })

  it('after login: accepting adds the TV to the list', async () => {
    services.root.consent.setAccepted(true)
    expect((await services.root.signIn()).ok).toBe(true)
    await until(() => !!topPage().querySelector('.invite-card__accept'), 'accept button')
    ;(topPage().querySelector('.invite-card__accept') as HTMLElement).click()
    await until(() => textsOf('.device__name').length === 2, 'TV joined')
    expect(acceptInvitation).toHaveBeenCalledWith({ uid: 'u1', code: 'c7' })
    expect(textsOf('.device__name')).toEqual(['客厅电视', '父母家'])
    expect(topPage().querySelector('.invite-card')).toBeNull()
  })
})
