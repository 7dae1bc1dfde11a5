import { ScrollView, Text, View } from '@tarojs/components'
import { taroStorage, type KeyValueStorage } from '../../platform/storage'
import '../program/program.scss'
import '../../components/ProgressBar/progressBar.scss'
import './continueRow.scss'

/**
 * The 继续观看 row arrives after home's first paint (its code, then the user's history). For
 * a user whose row was shown last time, home keeps its room from the first paint on: the same boxes as
 * the row with one invisible card, so the blocks under it do not move when it comes (they did, by the
 * row's height, for returning users: Lighthouse's layout-shift element).
 */
export function ContinueRoom() {
  return (
    <View className='continue-row continue-row--room' aria-hidden>
      <Text className='continue-row__title'>{'\u3000'}</Text>
      <ScrollView scrollX>
        <View className='continue-row__list'>
          <View className='program-card continue-card'>
            <View className='program-card__poster' />
            <Text className='program-card__title continue-card__title'>{'\u3000'}</Text>
            <Text className='program-card__meta continue-card__meta'>{'\u3000'}</Text>
            <View className='progress' />
          </View>
        </View>
      </ScrollView>
    </View>
  )
}

const shownKey = (uid: string) => `tvc.home.continueShown.${uid}`

/** Whether this user's row was shown when home last knew (false for nobody). */
export function continueShownBefore(uid: string, storage: KeyValueStorage = taroStorage): boolean {
  return uid !== '' && storage.get<boolean>(shownKey(uid)) === true
}

/** Remembers whether the row was shown, for the next start's room. */
export function rememberContinueShown(uid: string, shown: boolean, storage: KeyValueStorage = taroStorage): void {
  if (!uid) return
  if (shown) storage.set(shownKey(uid), true)
  else storage.remove(shownKey(uid))
}
