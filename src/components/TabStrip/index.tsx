import { useEffect, useRef, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { measureCentered } from '../../platform/measure'

/**
 * When to measure again on a page still entering: after SPEC 2's page transition (250 ms) has ended,
 * so 50 ms past it (a measure at 250 ms can still land on the slide's last frame).
 */
const PAGE_ENTER_MS = 300

export interface StripTab {
  key: string
  name: string
}

interface Props {
  tabs: readonly StripTab[]
  index: number
  onSelect: (index: number) => void
  /** Class names: `${block}`, `${block}__row`, `${block}__tab`, `${block}__tab--active`. */
  block: string
  /** Element ids: `${idPrefix}` for the strip, `${idPrefix}-${i}` for each tab. */
  idPrefix: string
}

/**
 * A horizontal strip of tabs that brings the selected tab to its centre by scrolling ITSELF sideways
 * (scrollLeft), never the page: Taro's H5 scroll-into-view calls element.scrollIntoView({ block:
 * 'center' }), which also scrolled the page vertically. Not on first show of the first tab: it is in
 * view already, and measuring would force a layout during first load.
 */
export default function TabStrip({ tabs, index, onSelect, block, idPrefix }: Props) {
  const shownFirst = useRef(index)
  const follow = useRef(index !== 0)
  if (index !== shownFirst.current) follow.current = true
  const [left, setLeft] = useState<number | undefined>(undefined)
  // Taro's H5 ScrollView animates from the last offset it set itself and, before the first, does not
  // move at all: the first follow jumps, later ones glide
  const [glide, setGlide] = useState(false)
  useEffect(() => {
    if (left !== undefined && !glide) setGlide(true)
  }, [left, glide])
  useEffect(() => {
    if (!follow.current) return
    let current = true
    let retry: ReturnType<typeof setTimeout> | undefined
    const measure = (again: boolean) =>
      void measureCentered(`#${idPrefix}`, `#${idPrefix}-${index}`, 'x').then((x) => {
        if (!current) return
        // a page still entering (its slide-in) may not be laid out yet: measure once more after it
        if ((x === null || x === 0) && index > 0 && again) retry = setTimeout(() => measure(false), PAGE_ENTER_MS)
        else if (x !== null) setLeft(x)
      })
    measure(true)
    return () => {
      current = false
      if (retry) clearTimeout(retry)
    }
  }, [index, idPrefix, tabs.length])
  return (
    <ScrollView id={idPrefix} className={block} scrollX enhanced showScrollbar={false} scrollWithAnimation={glide} scrollLeft={left}>
      <View className={`${block}__row`}>
        {tabs.map((tab, i) => (
          <View key={tab.key} id={`${idPrefix}-${i}`} className={`${block}__tab${i === index ? ` ${block}__tab--active` : ''}`} onClick={() => onSelect(i)}>
            <Text>{tab.name}</Text>
          </View>
        ))}
      </View>
    </ScrollView>
  )
}
