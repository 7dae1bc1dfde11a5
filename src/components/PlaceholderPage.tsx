import PageShell from './PageShell'
import { definePage } from './PageBoundary'
import { common } from '../strings'

/**
 * The honest state of a page whose feature has not landed yet: its shell and title, and a plain
 * "coming soon" empty state. No made-up content.
 */
export function placeholderPage(title: string) {
  return definePage(function Placeholder() {
    return <PageShell title={title} status='empty' statusText={common.notBuilt} />
  }, title)
}
