/**
 * User-facing strings of editing the profile in my-info, in Chinese. A module of their
 * own beside src/strings/index.ts, loaded with the page that shows them.
 */
import { NICKNAME_MAX } from '../protocol/identity'

export const profile = Object.freeze({
  edit: '编辑资料',
  save: '保存',
  cancel: '取消',
  saved: '资料已保存',
  avatar: '头像',
  changeAvatar: '更换头像',
  avatarSaved: '头像已更新',
  uploading: '正在上传头像…',
  nickName: '昵称',
  nickNamePlaceholder: `1到${NICKNAME_MAX}个字`,
  nickNameEmpty: '请输入昵称',
  nickNameLong: `昵称最多${NICKNAME_MAX}个字`,
  nickNameControl: '昵称不能包含控制字符',
  /** WeChat's own review refused the nickname (onNickNameReview pass false). */
  nickNameReview: '该昵称未通过微信安全检测，请换一个',
})
