import type { RootStore } from '../../stores/app/root'
import type { PrizeContext } from './models/prizeModels'

/** What the prize page models read of the app: the user, the points account, the current TV. */
export function prizeContext(root: RootStore): PrizeContext {
  return {
    uid: () => root.session.uid,
    balance: () => root.points.balance,
    setBalance: (total) => root.points.setBalance(total),
    loadBalance: () => root.points.loadBalance(),
    mac: () => root.devices.curMac,
  }
}
