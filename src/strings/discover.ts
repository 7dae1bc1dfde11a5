/**
 * User-facing strings of the search page (labels, 热搜榜) and the black lists' edit mode, in a module of
 * their own so that they load with those pages, not with home.
 */
export const discover = Object.freeze({
  summaryWithLabel: (k: string, label: string, n: number) => `「${k}」· 标签「${label}」共找到 ${n} 个节目`,
  labels: '按标签浏览',
  labelAll: '全部标签',
  labelSummary: (label: string, n: number) => `标签「${label}」共 ${n} 部`,
  labelEmpty: (label: string) => `标签「${label}」下暂无节目`,
  back: '返回',
  top: '热搜榜',
  topAll: '全部',
  heat: (h: string) => `热度 ${h}`,
  noTop: '暂无榜单',
  topFailed: (reason: string) => `${reason}，点击重试`,
  loading: '加载中…',
})

export const batch = Object.freeze({
  removeSelected: (n: number) => (n > 0 ? `移出（${n}）` : '移出'),
  removeBlacksConfirm: (n: number) => `将选中的 ${n} 个节目移出黑名单吗？移出后会重新为你推荐。`,
  removeTypesConfirm: (n: number) => `将选中的 ${n} 个分类移出黑名单吗？这些分类的节目会重新出现在首页、搜索和推荐中。`,
  typeEditHint: '选择要移出黑名单的分类',
  typeBlockedCount: (n: number) => `已屏蔽 ${n} 个分类`,
  typeNoneBlocked: '还没有屏蔽的分类',
})
