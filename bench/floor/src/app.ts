import type { PropsWithChildren } from 'react'

/** Taro's default app component: it renders the page. */
export default function App({ children }: PropsWithChildren) {
  return children
}
