import { observer } from 'mobx-react'
import { LazyPart } from '../../components/AsyncPart'
import { useStores } from '../../stores/app/context'
import { elderOf } from './store/elderStore'
import { loadElderOffer } from './lazy'

/**
 * Where the standard home offers 长辈版 on the first launch at WeChat's 关怀模式 text size (or larger):
 * the offer's code is imported only when it is due (ElderStore.offerDue).
 */
function ElderOfferSlot() {
  const elder = elderOf(useStores())
  return <LazyPart ready={elder.offerDue} load={loadElderOffer} />
}

export default observer(ElderOfferSlot)
