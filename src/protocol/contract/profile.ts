/** User center entries about the user's own things: delivery addresses, first-visit guides, the "my" page's profile (SPEC 7 "User center"). */
import { endpoint } from './endpoint'
import { address, userInfo } from './models'
import { opt, s } from './schema'

const domain = 'userCenter' as const
/** The longest page key a first-visit guide is kept under. */
export const PAGE_KEY_MAX = 64

export const profile = {
  queryAddress: endpoint({
    domain,
    path: 'v5.0/userInfo/address',
    request: s.obj({ uid: s.str() }),
    response: s.obj({ list: s.arr(address) }),
    origin: 'defined',
    doc: "The user's delivery addresses (default first).",
  }),
  saveAddress: endpoint({
    domain,
    path: 'v5.0/user/save/address',
    request: s.obj({
      uid: s.str(),
      addressId: opt(s.str('absent: new address')),
      name: s.str('at most 20 characters', 40),
      phone: s.str('11 digits', 11),
      province: s.str(undefined, 40),
      city: s.str(undefined, 40),
      district: s.str(undefined, 40),
      detail: s.str('5 to 100 characters', 200),
      isDefault: s.bool(),
    }),
    response: address,
    errors: ['1003'],
    origin: 'defined',
    doc: 'Creates or updates an address (validates name, 11-digit phone, region, detail).',
  }),
  pageGuide: endpoint({
    domain,
    path: 'mc/user/pageGuide',
    request: s.obj({ uid: s.str(), page: s.str('route (letters, digits, / _ -)', PAGE_KEY_MAX), markSeen: opt(s.bool()) }),
    response: s.obj({
      show: s.bool(),
      steps: s.arr(
        s.obj({
          title: s.str(),
          text: s.str(),
          anchor: opt(s.str('extension: the control the step points at (home: tv-card, remote, switch-tv, my); none: a step without a pointer')),
        }),
      ),
    }),
    origin: 'defined',
    doc: 'Whether the first-visit guide of a page is shown to the user (seen is kept per user, so on every phone); markSeen records it as seen.',
  }),
  userInfoV5: endpoint({
    domain,
    path: 'v5.0/userInfo',
    request: s.obj({ uid: s.str() }),
    response: s.obj({ ...userInfo.fields, points: s.num(), deviceCount: s.num() }),
    origin: 'defined',
    doc: 'Profile of the logged-in user ("my" page).',
  }),
}
