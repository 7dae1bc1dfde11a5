/**
 * The points centre's own pages (subpackages4: 积分明细, 积分收入, 活动规则, 活动中心's entries). Kept out of
 * the shared strings module, which ships in the weapp main package: these load with the subpackage.
 */
export const pointsCentre = Object.freeze({
  entryList: '积分明细',
  entryIncome: '积分收入',
  entryRules: '活动规则',
  filterAll: '全部',
  filterIncome: '收入',
  filterSpent: '支出',
  emptyLedger: '暂无积分记录',
  emptyIncome: '暂无积分收入',
  incomeTotal: '累计收入',
  spentTotal: '累计支出',
  bySource: '按来源',
  byMonth: '按月份',
  sourceCount: (n: number) => `${n}笔`,
  monthLabel: (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`,
  monthSpent: (n: number) => `支出 ${n}`,
  validity: (from: string, to: string) => `活动时间：${from} 至 ${to}`,
  validFromOnly: (from: string) => `活动时间：${from} 起`,
  noRules: '暂无活动规则',
})
