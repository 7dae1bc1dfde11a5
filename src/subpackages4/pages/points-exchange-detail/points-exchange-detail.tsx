import { useEffect, useMemo, useRef } from 'react'
import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import Img from '../../../components/Img'
import ActionButton from '../../../components/ActionButton'
import { LoginCard } from '../../../features/account'
import { prizeContext, PrizeDetailModel, standingText, type ExchangeUi } from '../../../features/prizes'
import { useStores } from '../../../stores/app/context'
import { addressLine } from '../../../lib/address'
import type { ActionResult } from '../../../stores/kit/write'
import { NOTHING } from '../../../stores/kit/loadState'
import { confirmDialog, toastDone, toastProblem } from '../../../platform/feedback'
import { go, param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { prizes as t } from '../../../strings/prizes'
import '../../../features/prizes/prizes.scss'
import { definePage } from '../../../components/PageBoundary'

const report = (res: ActionResult | null) => res && (res.ok ? toastDone(res.message) : toastProblem(res.message))

/**
 * One prize (v2/activity/prize/detail) and its exchange (v2/activity/prize/award) after a confirm.
 * A physical prize goes to the default address, or the user fills one in first and the exchange
 * resumes on return. Not enough points, out of stock and already exchanged are said plainly.
 */
function PointsExchangeDetail() {
  const root = useStores()
  const { api, tracker, session } = root
  const router = useRouter()
  const prizeId = param(router.params, 'prizeId')
  const uid = session.uid
  const model = useMemo(
    () => new PrizeDetailModel(api.valueAdded, api.userCenter, prizeContext(root), prizeId),
    [api, root, prizeId],
  )
  const ui: ExchangeUi = useMemo(() => ({
    confirm: (title, text, confirmText) => confirmDialog(title, text, confirmText),
    openAddressForm: () => go('add-address', { back: 1 }),
  }), [])
  const shown = useRef(false)
  useEffect(() => {
    if (prizeId) void model.load()
  }, [model, uid, prizeId])
  useDidShow(() => {
    // back from the address form: its address, and the exchange that waited for it
    if (shown.current) void model.onShow(ui).then(report)
    shown.current = true
    tracker.pageView(routeOf['points-exchange-detail'], { prizeId })
  })

  const exchange = async () => {
    tracker.click(routeOf['points-exchange-detail'], t.exchangeAction, { prizeId })
    report(await model.exchange(ui))
  }

  const prize = model.detail.value
  const standing = model.standing
  const blocked = standing.kind !== 'ok' && standing.kind !== 'unknown'
  return (
    <PageShell
      title={titles.pointsExchangeDetail}
      state={prizeId ? model.detail : NOTHING}
      emptyText={t.noPrize}
      onRetry={() => void model.load()}
      footer={prize && (
        <View className='prize-detail__bar'>
          {model.done && <Text className='prize-detail__done' onClick={() => go('points-my-prize')}>{t.doneViewMine}</Text>}
          {uid ? (
            // a blocked exchange stays tappable: the tap says why, in words
            <ActionButton kind={blocked ? 'secondary' : 'primary'} size='block' className='prize-detail__exchange' disabled={model.inFlight} onClick={() => void exchange()}>
              {model.inFlight ? t.exchanging : blocked ? standingText(standing) : t.exchangeAction}
            </ActionButton>
          ) : <LoginCard />}
        </View>
      )}
    >
      {prize && (
        <View>
          <Img className='prize-detail__image' src={prize.image} mode='aspectFill' alt={prize.name} />
          <View className='prize-detail__head'>
            <Text className='prize-detail__name'>{prize.name}</Text>
            <Text className='prize-detail__cost'>{t.cost(prize.points)}</Text>
            <Text className='prize-detail__meta'>{`${t.kind[prize.kind]} · ${t.stock(prize.stock)}`}</Text>
            {blocked && <Text className='prize-detail__standing'>{standingText(standing)}</Text>}
          </View>
          {model.physical && uid && (
            <View className='prize-detail__section'>
              <Text className='prize-detail__section-title'>{t.deliverTo}</Text>
              <View className='prize-detail__address' onClick={() => go('add-address')}>
                <Text className='prize-detail__address-text'>
                  {model.address ? `${model.address.name} ${model.address.phone}\n${addressLine(model.address)}` : t.addAddress}
                </Text>
                <Text className='prize-detail__address-link'>{model.address ? t.changeAddress : '›'}</Text>
              </View>
            </View>
          )}
          <View className='prize-detail__section'>
            <Text className='prize-detail__section-title'>{t.description}</Text>
            <Text className='prize-detail__text'>{prize.description}</Text>
          </View>
          <View className='prize-detail__section'>
            <Text className='prize-detail__section-title'>{t.rules}</Text>
            <Text className='prize-detail__text'>{prize.rules}</Text>
          </View>
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(PointsExchangeDetail), titles.pointsExchangeDetail)
