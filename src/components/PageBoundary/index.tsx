import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react'
import PageShell from '../PageShell'
import { pageErrors } from '../../strings'

interface BoundaryProps {
  title: string
  children: ReactNode
}

interface BoundaryState {
  failed: boolean
  /** Moves on with each retry, so the page mounts afresh (and loads again). */
  attempt: number
}

/**
 * Catches what a page throws while rendering (an answer that slipped past the contract check, a
 * rendering bug): the page shows its title and error state with a retry instead of a blank screen, and
 * the error goes to the console, not nowhere. The retry mounts the page again.
 */
export class PageBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, attempt: 0 }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[page] ${this.props.title}: ${error.message}`, error, info.componentStack)
  }

  private retry = () => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))

  override render() {
    if (this.state.failed) {
      return <PageShell title={this.props.title} status='error' statusText={pageErrors.crashed} onAction={this.retry} actionText={pageErrors.retry} />
    }
    return <BoundaryChild key={this.state.attempt}>{this.props.children}</BoundaryChild>
  }
}

function BoundaryChild({ children }: { children: ReactNode }) {
  return <>{children}</>
}

/** Every page's default export: the page inside its error boundary. */
export function definePage<P extends object>(Page: ComponentType<P>, title: string): ComponentType<P> {
  function BoundedPage(props: P) {
    return (
      <PageBoundary title={title}>
        <Page {...props} />
      </PageBoundary>
    )
  }
  BoundedPage.displayName = `Page(${Page.displayName ?? Page.name ?? title})`
  return BoundedPage
}
