import { observer } from 'mobx-react'
import { useRouter } from '@tarojs/taro'
import { param } from '../../../navigation'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { definePage } from '../../../components/PageBoundary'
import { useStores } from '../../../stores/app/context'
import { usePageData } from '../../../components/PageShell/usePageData'
import { lists as t, titles } from '../../../strings'
import '../../../features/program/lists.scss'

export const AGREEMENT_KEY = 'userAgreement'
export const PRIVACY_KEY = 'privacyPolicy'

/** The user agreement or (doc=privacy) the privacy policy, as the operator manages them (wechatMini/characters). */
function UserAgreement() {
  const { api } = useStores()
  const params = useRouter().params
  const key = param(params, 'doc') === 'privacy' ? PRIVACY_KEY : AGREEMENT_KEY
  const load = async () => (await api.other.characters({ keys: [key] }))?.list.find((x) => x.key === key) ?? null
  const data = usePageData(key, load, (v) => !v?.text)
  const doc = data.value
  return (
    <PageShell title={key === PRIVACY_KEY ? titles.privacyPolicy : titles.userAgreement} state={data} emptyText={t.agreementMissing} onRetry={() => void data.run(load)} privacySheet={false}>
      {doc && (
        <View className='agreement'>
          <Text className='agreement__title'>{doc.title}</Text>
          {doc.text.split(/\n+/).map((para, i) => (
            <Text key={i} className='agreement__para'>{para}</Text>
          ))}
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(UserAgreement), titles.userAgreement)
