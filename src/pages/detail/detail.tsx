import { useEffect, useMemo, useRef } from 'react'
import { reaction } from 'mobx'
import { observer } from 'mobx-react'
import { useDidShow, useRouter, useShareAppMessage } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { ProgramGrid } from '../../features/program'
import { useStores } from '../../stores/app/context'
import { DetailModel, ResumePanel, EpisodePicker, ResumeModel } from '../../features/detail'
import { NOTHING } from '../../stores/kit/loadState'
import type { ProgramCard } from '../../protocol/contract/models'
import { confirmDialog, tapFeedback, toastDone, toastProblem } from '../../platform/feedback'
import { go, param, urlOf } from '../../navigation'
import { afterTaskAction } from '../../features/points'
import { routeOf } from '../../routes'
import { program as t, titles, tv as tvText } from '../../strings'
import '../../features/detail/detail.scss'
import Img from '../../components/Img'
import { withPlayStart } from '../../protocol/tv/playParams'

/** Program detail: episodes, cast, favourite, black list, related programs, play on the TV. */
function Detail() {
  const root = useStores()
  const { tv, tracker } = root
  const { params } = useRouter()
  const programId = param(params, 'programId')
  const model = useMemo(() => new DetailModel(root.api, () => root.session.uid, () => root.childMode), [root])
  // where the user stopped (querySingleHistory), moved forward by what the TV reports it plays
  const resume = useMemo(() => new ResumeModel(root.api, () => root.session.uid), [root])

  useEffect(() => {
    if (!programId) return
    root.setYstProgramId(programId)
    void model.load(programId)
  }, [root, model, programId])
  // the TV entering or leaving child mode asks again (a program a child may not see shows nothing)
  useEffect(() => reaction(() => root.childMode, () => programId && void model.load(programId)), [root, model, programId])
  useEffect(
    () => reaction(() => tv.tvMode.content.playState?.vod, (vod) => resume.seeTv(vod, root.devices.current?.mac ?? ''), { fireImmediately: true }),
    [root, tv, resume],
  )
  const uid = root.session.uid
  useEffect(() => {
    if (programId && uid) void resume.load(programId)
  }, [resume, programId, uid])
  // back on the page (from another TV's page, the records...): the record may have moved
  const shownOnce = useRef(false)
  useDidShow(() => {
    tracker.pageView(routeOf.detail, { programId })
    if (shownOnce.current && programId) void resume.load(programId)
    shownOnce.current = true
  })
  useShareAppMessage(() => {
    root.markSharing()
    return { title: model.detail.value?.title ?? titles.detail, path: urlOf('detail', { programId }) }
  })

  const p = model.detail.value
  const report = (res: { ok: boolean; message: string }) => (res.ok ? toastDone(res.message) : toastProblem(res.message))

  const favourite = async () => {
    tapFeedback()
    tracker.click(routeOf.detail, model.collected ? t.favourited : t.favourite, { programId })
    const adding = !model.collected
    const res = await model.toggleFavourite()
    report(res)
    if (res.ok && adding) afterTaskAction(root, 'favourite')
  }
  const blackList = async () => {
    if (!p || !(await confirmDialog(t.blackList, t.blackListConfirm(p.title)))) return
    tracker.click(routeOf.detail, t.blackList, { programId })
    const res = await model.addToBlackList()
    if (res.ok) root.onBlackListChanged({ programIds: [programId] })
    report(res)
  }
  const playOnTv = async () => {
    const res = await root.playOnTv(programId, p?.h5Play, confirmDialog)
    if (res) report(res)
    if (res?.ok) afterTaskAction(root, 'play')
  }
  const openCard = (card: ProgramCard) => go('detail', { programId: card.programId })
  // an episode, 继续在电视上播放 or 重新播放: the play command says where to start (params)
  const playFrom = async (episode: number, positionSec: number) => {
    if (!p?.h5Play) return toastProblem(t.playNeedsApp)
    const play = { ...p.h5Play, params: withPlayStart(p.h5Play.params, { episode, positionSec }) }
    const res = await root.playOnTv(programId, play, confirmDialog)
    if (res) report(res)
    if (!res?.ok) return
    resume.startedPlay({ episode, positionSec, durationSec: p.episodes[episode - 1]?.durationSec ?? 0 }, root.devices.current?.mac ?? '')
    afterTaskAction(root, 'play')
  }
  const point = resume.point


  return (
    <PageShell
      title={titles.detail}
      state={programId ? model.detail : NOTHING}
      emptyText={t.notFound}
      onRetry={() => void model.load(programId)}
    >
      {p && (
        <View className='detail'>
          <View className='detail-hero'>
            <Img className='detail-hero__bg' src={p.poster} mode='aspectFill' alt='' />
            <View className='detail-hero__shade' />
            <View className='detail-hero__body'>
              <Img className='detail-hero__poster' src={p.poster} mode='aspectFill' alt={p.title} />
              <View className='detail-hero__info'>
                <Text className='detail-hero__title'>{p.title}</Text>
                <Text className='detail-hero__meta'>{[p.categoryName, p.area, p.year].filter(Boolean).join(' / ')}</Text>
                <Text className='detail-hero__meta'>{p.updateInfo}</Text>
                {p.score > 0 && <Text className='detail-hero__score'>{p.score.toFixed(1)}</Text>}
                {p.h5Play && <Text className='detail-hero__source'>{`${tvText.sourceLabel}${p.h5Play.appName}`}</Text>}
              </View>
            </View>
          </View>

          <View className='detail-actions'>
            <View className={`detail-actions__btn${model.collected ? ' detail-actions__btn--on' : ''}`} hoverClass='detail-actions__btn--pressed' onClick={favourite}>
              <Text>{model.collected ? t.favourited : t.favourite}</Text>
            </View>
            {p.h5Play && (
              <View className={`detail-actions__btn detail-actions__btn--primary${tv.online ? '' : ' detail-actions__btn--muted'}`} hoverClass='detail-actions__btn--pressed' onClick={playOnTv}>
                <Text>{t.playOnTv}</Text>
              </View>
            )}
            <View className='detail-actions__btn' hoverClass='detail-actions__btn--pressed' onClick={blackList}>
              <Text>{model.inBlackList ? t.blackListed : t.blackList}</Text>
            </View>
          </View>
          {p.h5Play && root.tvBlocker && <Text className='detail-offline'>{root.tvBlocker}</Text>}

          {point && (
            <ResumePanel
              point={point}
              series={p.episodes.length > 1}
              playable={!!p.h5Play}
              muted={!tv.online}
              devices={root.devices.devices}
              onResume={() => void playFrom(point.episode, point.positionSec)}
              onReplay={() => void playFrom(1, 0)}
            />
          )}

          <View className='detail-section'>
            <Text className='detail-section__title'>{t.description}</Text>
            <Text className='detail-section__text'>{p.description}</Text>
            {p.tags.length > 0 && (
              <View className='detail-tags'>
                {p.tags.map((tag) => <Text key={tag} className='detail-tags__tag'>{tag}</Text>)}
              </View>
            )}
          </View>

          {p.episodes.length > 1 && (
            <View className='detail-section'>
              <Text className='detail-section__title'>{`${t.episodes} · ${p.episodes.length}`}</Text>
              <EpisodePicker count={p.episodes.length} lastEpisode={resume.lastEpisode} onPlay={(n) => void playFrom(n, 0)} />
            </View>
          )}

          {p.cast.length > 0 && (
            <View className='detail-section'>
              <Text className='detail-section__title'>{t.cast}</Text>
              <View className='detail-cast'>
                {p.cast.map((c) => (
                  <View key={`${c.castId}-${c.role}`} className='detail-cast__item' hoverClass='program-card--pressed' onClick={() => go('detail-cast', { castId: c.castId, name: c.name })}>
                    <Img className='detail-cast__avatar' src={c.avatar} mode='aspectFill' alt={c.name} />
                    <Text className='detail-cast__name'>{c.name}</Text>
                    <Text className='detail-cast__role'>{c.role === 'director' ? t.director : t.actor}</Text>
                  </View>
                ))}
              </View>
            </View>
          )}

          {(model.related.value?.length ?? 0) > 0 && (
            <View className='detail-section detail-section--flush'>
              <Text className='detail-section__title detail-section__title--padded'>{t.related}</Text>
              <ProgramGrid cards={model.related.value ?? []} onOpen={openCard} />
            </View>
          )}
          <View className='home-bottom-gap' />
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(Detail), titles.detail)
