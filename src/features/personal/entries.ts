import type { PageName } from '../../routes'
import type { Query } from '../../navigation'
import { env } from '../../config'
import { personal as t } from '../../strings'

export interface PersonalEntry {
  key: string
  label: string
  page: PageName
  query?: Query
  /** The page needs a logged-in user (it shows the login card otherwise). */
  needsLogin: boolean
}

/** The entries of 我的, in order. Each opens a built page; none leads to a placeholder. */
export function personalEntries(): PersonalEntry[] {
  const entries: PersonalEntry[] = [
    { key: 'fav', label: t.entries.fav, page: 'my-fav', needsLogin: true },
    { key: 'record', label: t.entries.record, page: 'my-record', needsLogin: true },
    { key: 'reminders', label: t.entries.reminders, page: 'my-reminders', needsLogin: true },
    { key: 'tv', label: t.entries.tv, page: 'my-tv', needsLogin: false },
    { key: 'lock', label: t.entries.lock, page: 'my-one-lock', needsLogin: true },
    { key: 'tabmode', label: t.entries.tabmode, page: 'my-tabmode', needsLogin: true },
    { key: 'programBlackList', label: t.entries.programBlackList, page: 'my-black-list', needsLogin: true },
    { key: 'typeBlackList', label: t.entries.typeBlackList, page: 'black-list', needsLogin: true },
    { key: 'info', label: t.entries.info, page: 'my-info', needsLogin: true },
    { key: 'address', label: t.entries.address, page: 'add-address', needsLogin: true },
    { key: 'agreement', label: t.entries.agreement, page: 'user-agreement', needsLogin: false },
    { key: 'settings', label: t.entries.settings, page: 'settings', needsLogin: false },
  ]
  if (env.productPageUrl) entries.push({ key: 'product', label: t.entries.product, page: 'web-view', needsLogin: false })
  return entries
}
