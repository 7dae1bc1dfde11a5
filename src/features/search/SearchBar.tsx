import { Input, Text, View } from '@tarojs/components'
import { search as t } from '../../strings'
import './search.scss'

interface Props {
  value: string
  placeholder: string
  onInput: (value: string) => void
  onSubmit: () => void
  onClear: () => void
}

export default function SearchBar({ value, placeholder, onInput, onSubmit, onClear }: Props) {
  return (
    <View className='search-bar'>
      <View className='search-bar__box'>
        <Input
          className='search-bar__input'
          value={value}
          placeholder={placeholder}
          placeholderClass='search-bar__placeholder'
          confirmType='search'
          focus
          onInput={(e) => onInput(e.detail.value)}
          onConfirm={onSubmit}
          maxlength={40}
        />
        {value && <Text className='search-bar__clear' onClick={onClear}>×</Text>}
      </View>
      <Text className='search-bar__go' onClick={onSubmit}>{t.submit}</Text>
    </View>
  )
}
