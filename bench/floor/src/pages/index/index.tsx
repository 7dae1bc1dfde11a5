import { Text, View } from '@tarojs/components'

/** One line of text: what an empty Taro page paints. */
export default function Index() {
  return (
    <View className='index'>
      <Text>手机高清电视助手</Text>
    </View>
  )
}
