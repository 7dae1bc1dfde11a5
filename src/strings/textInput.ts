/** 手机输入 in the remote (loaded with the remote's text field, not with home). */
export const textInput = Object.freeze({
  textTitle: '手机输入',
  textPlaceholder: '输入文字发送到电视',
  textCount: (n: number, max: number) => `${n}/${max}`,
  textSend: '发送',
  textSent: '已输入到电视',
  textEmpty: '请先输入文字',
  textTooLong: (max: number) => `最多${max}个字，请删减后再发送`,
  textControl: '不能有换行等控制字符',
  noFocus: '电视上没有选中输入框，请先按“搜索”',
  /** The TV in standby: 搜索 alone would not help. */
  noFocusTvOff: '电视处于待机，请先按“电源”开机，再按“搜索”',
  textRefused: '电视没有接收文字，请重试',
  textUnsupported: '这台电视不支持手机输入',
  textNoReply: '电视没有回复，可能没有输入成功',
  waitReply: '正在等电视回复，请稍候',
})
