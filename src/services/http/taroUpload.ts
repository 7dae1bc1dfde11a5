/** wx.uploadFile (Taro.uploadFile) as the avatar upload's transport on WeChat. */
import Taro from '@tarojs/taro'
import type { UploadTransport } from './upload'

export const taroUpload: UploadTransport = (req) =>
  new Promise((resolve, reject) => {
    if (!('path' in req.file)) return reject(new Error('wx.uploadFile takes a file path'))
    Taro.uploadFile({
      url: req.url,
      filePath: req.file.path,
      name: req.field,
      header: req.header,
      formData: req.formData,
      success: (res) => resolve({ status: res.statusCode, text: String(res.data) }),
      fail: (err) => reject(new Error(err.errMsg || 'uploadFile failed')),
    })
  })
