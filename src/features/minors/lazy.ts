/** The weekly report on the minors' mode page: below the settings, so its code loads after them. */
export const loadMinorsReport = () => import('./MinorsReport')
