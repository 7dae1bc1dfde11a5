import PageShell from '../../components/PageShell'
import { asyncPart } from '../../components/AsyncPart'
import { titles } from '../../strings'
import { elder as t } from '../../strings/elder'
import { loadElderHome } from './lazy'

/**
 * 长辈版's home for a user who chose it: its code arrives after the app's entry (the standard home's
 * first load carries none of it). Meanwhile the page shows its loading state; a failed load says so,
 * with a tap to try again.
 */
const LazyElderHome = asyncPart(loadElderHome, {
  failed: t.loadFailed,
  loading: <PageShell title={titles.index} status='loading' />,
  renderFailed: (message, retry) => <PageShell title={titles.index} status='error' statusText={message} onAction={retry} />,
})

export default LazyElderHome
