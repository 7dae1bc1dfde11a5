/** Home's notice that the selected TV was unbound elsewhere: rare, so its code loads only when shown. */
export const loadLostTvNotice = () => import('./LostTvNotice')
