import PageShell from '../../components/PageShell'
import { asyncPart } from '../../components/AsyncPart'
import { home as h, titles } from '../../strings'
import { loadElderHome } from './lazy'
import './elder.scss'

/**
 * 长辈版's home for a user who chose it: its code arrives after the app's entry (the standard home's
 * first load carries none of it). Meanwhile the page shows its loading state; a failed load says so,
 * with a tap to try again (asyncPart's line).
 */
const LazyElderHome = asyncPart(loadElderHome, { failed: h.elderLoadFailed, loading: <PageShell title={titles.index} status='loading' /> })

export default LazyElderHome
