/**
 * ids of the buttons that answer WeChat's privacy authorisation (open-type agreePrivacyAuthorization):
 * wx.onNeedPrivacyAuthorization's resolve names the button the user tapped.
 */
export const LOGIN_PRIVACY_BUTTON = 'login-privacy-agree'
export const SHEET_PRIVACY_BUTTON = 'sheet-privacy-agree'
