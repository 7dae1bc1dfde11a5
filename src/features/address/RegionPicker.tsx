import { useMemo, useState } from 'react'
import { Picker, Text } from '@tarojs/components'
import { afterColumnChange, columnsAt, indexOfNames, namesAt } from './regions'
import { address as t } from '../../strings/address'

interface Props {
  province: string
  city: string
  district: string
  text: string
  onPick(province: string, city: string, district: string): void
  onCancel(): void
}

/**
 * Province / city / district on both targets: a three-column multiSelector over the npm dataset
 * (Taro's H5 Picker has no region mode). A column change refills the columns after it.
 */
export default function RegionPicker({ province, city, district, text, onPick, onCancel }: Props) {
  const start = useMemo(() => columnsAt(indexOfNames(province, city, district)), [province, city, district])
  const [cols, setCols] = useState(start)
  const range = useMemo(() => cols.columns.map((c) => c.map((i) => i.name)), [cols])
  return (
    <Picker
      mode='multiSelector'
      range={range}
      value={cols.index}
      onColumnChange={(e) => setCols(afterColumnChange(cols.index, e.detail.column, e.detail.value))}
      onChange={(e) => {
        const index = (e.detail.value as number[]).map(Number)
        const next = columnsAt(index)
        setCols(next)
        const n = namesAt(next.index)
        onPick(n.province, n.city, n.district)
      }}
      onCancel={() => {
        setCols(start)
        onCancel()
      }}
    >
      <Text className={`address-form__region${text ? '' : ' address-form__region--empty'}`}>{text || t.regionPlaceholder}</Text>
    </Picker>
  )
}
