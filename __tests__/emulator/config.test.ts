/** The emulator's own configuration equals the app's local-target values it has to agree with. */
import * as app from '@/config'
import { LOCAL_APP_KEY, appKeyFromEnv, childChannelId, deskTopId, pointsActivityId } from '../../emulator/config'
import { emulatorStrings } from '../../emulator/strings'
import { common } from '@/strings'

test('shared operator values agree with the app', () => {
  expect(childChannelId).toBe(app.childChannelId)
  expect(deskTopId).toEqual(app.deskTopId)
  expect(pointsActivityId).toBe(app.pointsActivityId)
})

test('the pre-login key is the app key of the same environment', () => {
  expect(appKeyFromEnv({})).toBe(LOCAL_APP_KEY)
  expect(appKeyFromEnv({ TARO_APP_APP_KEY: 'k-operator' })).toBe('k-operator')
  expect(appKeyFromEnv(process.env)).toBe(app.env.appKey)
})

test('the default nickname is the one the app shows', () => {
  expect(emulatorStrings.familyUser).toBe(common.familyUser)
})
