import { Text, View } from '@tarojs/components'
import { personal as t } from '../../strings'

interface Props {
  /** What the bar says (a count, or how many are selected). */
  text: string
  editing: boolean
  /** Whether 编辑 is offered outside edit mode (default: yes). */
  canEdit?: boolean
  onEditing: (editing: boolean) => void
  onSelectAll: () => void
  /** The action on the selected items in edit mode (删除, 移出 …): its label and data-action. */
  act: { label: string; action: string; run: () => void }
}

/**
 * The bar above a personal list with an edit mode (我的收藏, 节目黑名单, 分类黑名单): the text, then in
 * edit mode 全选 and the action on the selected, and 编辑 / 完成.
 */
export default function EditBar({ text, editing, canEdit = true, onEditing, onSelectAll, act }: Props) {
  return (
    <View className='plist__bar'>
      <Text>{text}</Text>
      <View className='plist__bar-actions'>
        {editing && <Text className='plist__bar-action' data-action='select-all' onClick={onSelectAll}>{t.selectAll}</Text>}
        {editing && <Text className='plist__bar-action plist__bar-action--danger' data-action={act.action} onClick={act.run}>{act.label}</Text>}
        {(editing || canEdit) && <Text className='plist__bar-action' data-action='edit' onClick={() => onEditing(!editing)}>{editing ? t.done : t.edit}</Text>}
      </View>
    </View>
  )
}
