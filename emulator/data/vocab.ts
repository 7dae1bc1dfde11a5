/**
 * Word pools the generators combine (vocabulary, not fixtures: no record is written out by hand).
 */
export const titleHeads = [
  '长安', '繁花', '山海', '星辰', '风起', '人间', '少年', '大江', '锦绣', '明月', '烈火', '雪中',
  '云端', '北国', '江南', '东方', '西域', '南洋', '青春', '岁月', '追光', '逆风', '天际', '故园',
] as const
export const titleTails = [
  '往事', '传奇', '日记', '英雄', '恋人', '大侦探', '家族', '小镇', '守护者', '旅程', '来信', '奇遇',
  '风云', '之歌', '秘密', '时光', '行动', '归途', '之约', '密码',
] as const
export const varietyTails = ['大冒险', '好声音', '来了', '研究所', '漫游记', '一起来'] as const
export const kidsHeads = ['小熊', '兔子', '恐龙', '熊猫', '小猪', '海豚', '小狐狸', '机器猫'] as const
export const kidsTails = ['乐园', '儿歌', '探险队', '学数学', '爱洗澡', '过新年'] as const
export const docTails = ['纪行', '寻味', '自然志', '中国', '万里行', '手艺人'] as const

export const categories = [
  { categoryId: 'c1', name: '电视剧', kind: 'tv' },
  { categoryId: 'c2', name: '电影', kind: 'movie' },
  { categoryId: 'c3', name: '综艺', kind: 'variety' },
  { categoryId: 'c4', name: '动漫', kind: 'anime' },
  { categoryId: 'c5', name: '少儿', kind: 'kids' },
  { categoryId: 'c6', name: '纪录片', kind: 'doc' },
] as const
export type CategoryKind = (typeof categories)[number]['kind']

export const genres = [
  '爱情', '悬疑', '古装', '都市', '喜剧', '动作', '科幻', '战争', '家庭', '青春', '历史', '冒险', '恐怖', '美食',
] as const
export const areas = ['内地', '香港', '台湾', '美国', '日本', '韩国', '英国'] as const
export const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'] as const
export const givenNames = [
  '一博', '子涵', '晓明', '雨桐', '浩然', '思远', '嘉怡', '志强', '婉清', '俊杰', '梦瑶', '天宇', '诗琪', '建国',
  '欣然', '明轩', '若曦', '立新', '佳琪', '文博',
] as const
export const thirdPartyApps = [
  { appName: '芒果TV', package: 'com.hunantv.license', cls: 'com.mgtv.tv.MainActivity' },
  { appName: '腾讯视频', package: 'com.ktcp.video', cls: 'com.tencent.qqlivetv.MainActivity' },
  { appName: '爱奇艺', package: 'com.gitvdemo.video', cls: 'com.gala.video.HomeActivity' },
  { appName: '优酷', package: 'com.cibn.tv', cls: 'com.youku.tv.WelcomeActivity' },
] as const
export const liveGroups = [
  {
    assortmentId: 'a1',
    name: '央视',
    child: false,
    channels: [
      'CCTV-1 综合', 'CCTV-2 财经', 'CCTV-3 综艺', 'CCTV-4 中文国际', 'CCTV-5 体育', 'CCTV-5+ 体育赛事', 'CCTV-6 电影',
      'CCTV-7 国防军事', 'CCTV-8 电视剧', 'CCTV-9 纪录', 'CCTV-10 科教', 'CCTV-11 戏曲', 'CCTV-12 社会与法', 'CCTV-13 新闻',
    ],
  },
  {
    assortmentId: 'a2',
    name: '卫视',
    child: false,
    channels: [
      '湖南卫视', '浙江卫视', '江苏卫视', '东方卫视', '北京卫视', '广东卫视', '深圳卫视', '山东卫视', '安徽卫视', '天津卫视',
      '四川卫视', '湖北卫视',
    ],
  },
  { assortmentId: 'a3', name: '地方', child: false, channels: ['本地新闻', '本地生活', '本地影视', '公共频道', '教育频道', '都市频道'] },
  { assortmentId: 'a4', name: '少儿', child: true, channels: ['CCTV-14 少儿', '卡酷少儿', '金鹰卡通', '嘉佳卡通', '优漫卡通', '哈哈炫动', '炫动卡通', '少儿科教'] },
] as const
/** What child channels air (never an adult show). */
export const childLiveShows = ['动画剧场', '少儿天地', '智慧树', '大风车', '七巧板', '动画城', '快乐童年', '自然探秘', '科学实验室', '故事时间'] as const
export const liveShows = [
  '朝闻天下', '新闻30分', '天气预报', '新闻联播', '焦点访谈', '今日说法', '体育新闻', '财经报道', '动画剧场',
  '午夜剧场', '黄金剧场', '周末电影', '纪录片时间', '美食中国', '健康之路', '少儿天地',
] as const
