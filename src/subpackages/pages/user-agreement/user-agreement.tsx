import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { useStores } from '../../../stores/context'
import { shellProps, usePageData } from '../../../stores/usePageData'
import { lists as t, titles } from '../../../strings'
import '../../../features/program/lists.scss'

export const AGREEMENT_KEY = 'userAgreement'

/** The user agreement, as the operator manages it (wechatMini/characters). */
function UserAgreement() {
  const { api } = useStores()
  const load = async () => (await api.other.characters({ keys: [AGREEMENT_KEY] }))?.list.find((x) => x.key === AGREEMENT_KEY) ?? null
  const data = usePageData(AGREEMENT_KEY, load, (v) => !v?.text)
  const doc = data.value
  return (
    <PageShell title={titles.userAgreement} {...shellProps(data, () => void data.run(load), t.agreementMissing)}>
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

export default observer(UserAgreement)
