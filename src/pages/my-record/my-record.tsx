import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { PersonalList, groupRecords, personalOf, type RecordGroup } from '../../features/personal'
import { afterTaskAction } from '../../features/points'
import { useStores } from '../../stores/app/context'
import { recordProgress } from '../../features/detail'
import { resume as rs } from '../../strings/resume'
import type { HistoryItem } from '../../protocol/contract/models'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { personal as t, titles } from '../../strings'
import { definePage } from '../../components/PageBoundary'
import Img from '../../components/Img'
import ProgressBar from '../../components/ProgressBar'
import { progressOf, tvNameOf } from '../../stores/kit/progress'
import { withPlayStart } from '../../protocol/tv/playParams'
import { formatTvMac } from '../../protocol/mac'

const GROUP_LABEL: Record<RecordGroup, string> = { today: t.today, yesterday: t.yesterday, earlier: t.earlier }

/**
 * 观看记录: records grouped 今天 / 昨天 / 更早 with the episode and position; delete one or clear all
 * (confirmed); third-party records play on the TV through the detail page's confirm + type 9 path.
 */
function MyRecord() {
  const root = useStores()
  const { user, tracker, devices } = root
  const personal = personalOf(root)
  const records = personal.records
  useDidShow(() => {
    tracker.pageView(routeOf['my-record'], {})
    if (user.user) void records.list.loadFirst()
  })
  const report = (res: { ok: boolean; message: string }) => (res.ok ? toastDone(res.message) : toastProblem(res.message))
  const tvName = (mac: string) => {
    const name = tvNameOf(devices.devices, mac)
    return name === mac ? formatTvMac(mac) : name
  }

  const removeOne = async (r: HistoryItem) => {
    if (!(await confirmDialog(t.deleteTitle, t.deleteRecordConfirm(r.title)))) return
    report(await personal.removeRecord(r.programId))
  }
  const clearAll = async () => {
    if (!(await confirmDialog(t.clearAll, t.clearAllConfirm))) return
    tracker.click(routeOf['my-record'], t.clearAll)
    report(await personal.clearRecords())
  }
  const play = async (r: HistoryItem) => {
    const res = await personal.playPayloadOf(r.programId)
    if (!res.ok) return toastProblem(res.message)
    // an unfinished record plays on from where it stopped, a finished one from the start
    const start = r.finished ? { episode: 1, positionSec: 0 } : { episode: r.episodeIndex, positionSec: r.positionSec }
    const play = { ...res.play, params: withPlayStart(res.play.params, start) }
    const out = await root.playOnTv(r.programId, play, confirmDialog, routeOf['my-record'])
    if (out?.ok) {
      toastDone(out.message)
      afterTaskAction(root, 'play')
    } else if (out) toastProblem(out.message)
  }

  const bar = (
    <View className='plist__bar'>
      <Text>{t.recordCount(records.list.total)}</Text>
      {personal.canClearRecords && <Text className='plist__bar-action plist__bar-action--danger' data-action='clear' onClick={() => void clearAll()}>{t.clearAll}</Text>}
    </View>
  )

  return (
    <PersonalList title={titles.myRecord} list={records.list} emptyText={t.recordEmpty} bar={bar} hidden={records.hiddenCount}>
      <View className='plist'>
        {groupRecords(records.shown, personal.now()).map((g) => (
          <View key={g.group} data-group={g.group}>
            <Text className='plist__group'>{GROUP_LABEL[g.group]}</Text>
            {g.items.map((r) => (
              <View key={r.programId} className='pitem' data-program={r.programId}>
                <Img className='pitem__poster' src={r.poster} mode='aspectFill' lazyLoad alt={t.posterAlt(r.title)} onClick={() => go('detail', { programId: r.programId })} />
                <View className='pitem__body' onClick={() => go('detail', { programId: r.programId })}>
                  <Text className='pitem__title'>{r.title}</Text>
                  <Text className={`pitem__meta${r.finished ? ' pitem__meta--done' : ''}`} data-finished={r.finished ? '1' : '0'}>{recordProgress(r)}</Text>
                  <ProgressBar className='pitem__progress' value={progressOf(r)} />
                  {r.mac && <Text className='pitem__meta'>{rs.watchedOn(tvName(r.mac))}</Text>}
                  {r.source === 'thirdParty' && r.appName && <Text className='pitem__meta'>{`${t.sourceLabel}${r.appName}`}</Text>}
                </View>
                <View className='pitem__actions'>
                  {r.source === 'thirdParty' && (
                    <Text className='pitem__action' data-action='play' onClick={() => void play(r)}>{t.playOnTv}</Text>
                  )}
                  <Text className='pitem__action pitem__action--danger' data-action='delete' onClick={() => void removeOne(r)}>{t.deleteOne}</Text>
                </View>
              </View>
            ))}
          </View>
        ))}
      </View>
    </PersonalList>
  )
}

export default definePage(observer(MyRecord), titles.myRecord)
