import { useEffect, useMemo, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow, useRouter, useShareAppMessage } from '@tarojs/taro'
import { Button, Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import ActionButton from '../../../components/ActionButton'
import { LoginCard } from '../../../features/account'
import { afterTaskAction, ShareModel, shareCardPath, shareUrl, shareWording } from '../../../features/points'
import { useStores } from '../../../stores/app/context'
import { shareChannel, shareInApp } from '../../../platform/bridge/share'
import { copyText, sharingRewarded } from '../../../platform/share'
import { toastDone, toastProblem } from '../../../platform/feedback'
import { go, param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { share as t } from '../../../strings/share'
import '../../../features/prizes/prizes.scss'
import { definePage } from '../../../components/PageBoundary'

type ShareWindow = Parameters<typeof shareInApp>[0]
const win = (): ShareWindow => (process.env.TARO_ENV === 'h5' ? (window as unknown as ShareWindow) : undefined)

/** The card at the top of the page: who is invited or what sharing does. */
function ShareCard({ title, text }: { title: string; text: string }) {
  return (
    <View className='share-card'>
      <Text className='share-card__title'>{title}</Text>
      <Text className='share-card__text'>{text}</Text>
    </View>
  )
}

/**
 * The share activity. The user's own page shares the link carrying their uid: inside the operator's
 * app the `tvc:share` bridge message; elsewhere the link is copied, with the note that it opens in the
 * operator's app. A friend who opens the link logs in with that sharerUid and joins
 * (activity/participate); the sharer's points rise once per new user. On WeChat sharing earns nothing
 * (src/platform/share.ts sharingRewarded): WeChat's share card of the plain page, no task recorded, no
 * sharerUid, no promise in the words.
 */
function ActivityShare() {
  const root = useStores()
  const { api, tracker, session } = root
  const router = useRouter()
  const rewarded = sharingRewarded()
  const words = shareWording(rewarded)
  const uid = session.uid
  const linkSharer = param(router.params, 'sharerUid')
  const model = useMemo(() => new ShareModel(api.valueAdded, () => root.session.uid, linkSharer, rewarded), [api, root, linkSharer, rewarded])
  const sharerUid = model.sharerUid
  const channel = shareChannel(process.env.TARO_ENV, win())
  const [copied, setCopied] = useState('')

  // SPEC 6: a friend who is not logged in yet logs in with the sharer's uid
  useEffect(() => {
    if (sharerUid && !root.user.user) root.user.setSharerUid(sharerUid)
  }, [root, sharerUid])
  useDidShow(() => tracker.pageView(routeOf['activity-share'], sharerUid ? { sharerUid } : {}))
  useShareAppMessage(() => {
    root.markSharing()
    if (rewarded) afterTaskAction(root, 'share')
    return { title: words.cardTitle, path: shareCardPath(uid, rewarded) }
  })

  const join = async () => {
    tracker.click(routeOf['activity-share'], t.join, { sharerUid })
    const res = await model.join()
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  const shareViaApp = () => {
    tracker.click(routeOf['activity-share'], t.app)
    const w = win()
    const url = shareUrl((w as unknown as { location: Location }).location, uid)
    if (shareInApp(w, { title: words.cardTitle, text: t.cardText, url })) {
      afterTaskAction(root, 'share')
      toastDone(t.appSent)
    } else toastProblem(t.appFailed)
  }
  const copyLink = async () => {
    tracker.click(routeOf['activity-share'], t.copy)
    const url = shareUrl(window.location, uid)
    setCopied(url)
    if (await copyText(url)) {
      if (rewarded) afterTaskAction(root, 'share')
      toastDone(t.copied)
    }
  }

  if (!uid) {
    return (
      <PageShell title={titles.activityShare} header={<LoginCard />}>
        <ShareCard title={sharerUid ? t.invited : words.title} text={t.needLogin} />
      </PageShell>
    )
  }

  if (model.visiting) {
    return (
      <PageShell title={titles.activityShare}>
        <ShareCard title={t.invited} text={words.cardTitle} />
        <View className='share-actions'>
          {model.joined ? (
            <ActionButton kind='primary' size='block' className='share-go-centre' onClick={() => go('activity-index')}>{t.goCentre}</ActionButton>
          ) : (
            <ActionButton kind='primary' size='block' className='share-join' disabled={model.busy} onClick={() => void join()}>{t.join}</ActionButton>
          )}
        </View>
      </PageShell>
    )
  }

  return (
    <PageShell title={titles.activityShare}>
      <ShareCard title={words.title} text={words.text} />
      <View className='share-actions'>
        {channel === 'weapp' && (
          <Button className='share-native-btn' openType='share'>{t.weapp}</Button>
        )}
        {channel === 'app' && (
          <ActionButton kind='primary' size='block' className='share-app' onClick={shareViaApp}>{t.app}</ActionButton>
        )}
        {channel === 'browser' && (
          <ActionButton kind='primary' size='block' className='share-copy' onClick={() => void copyLink()}>{t.copy}</ActionButton>
        )}
      </View>
      {channel === 'browser' && <Text className='share-hint'>{t.copyHint}</Text>}
      {copied && <Text className='share-link' userSelect>{copied}</Text>}
    </PageShell>
  )
}

export default definePage(observer(ActivityShare), titles.activityShare)
