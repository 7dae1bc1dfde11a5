/** @jest-environment jsdom */
/**
 * H5: home's static shell in index.html (config/homeShell.ts). Its boxes are compared with the app's
 * in a real browser by `npm run check:first-load`; here, what can be checked without layout: it is the
 * app's own markup (the app's classes, texts from src/strings, the NavBar's own geometry), it adds no
 * sizes or colours of its own, the head script picks the right variant, and the HTML's own script
 * removes it once the app's first page has rendered (the app's bundles carry nothing for it).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { homeShellHtml, SHELL_BOXES, SHELL_ID, shellStyle, shellTakeoverScript, shellVariantScript } from '../../config/homeShell'
import { navBarGeometry } from '../../src/components/NavBar/geometry'
import { ELDER_KEY } from '../../src/features/elder/elderChoice'
import { consent, home, login, personal, points, titles, tv } from '../../src/strings'

const root = join(__dirname, '../..')

/** Every class name the app's SCSS defines (what app.css is built from) or its components write. */
function appClasses(): Set<string> {
  const out = new Set<string>()
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.scss')) for (const m of readFileSync(p, 'utf8').matchAll(/\.([a-z][\w-]*)/gi)) out.add(m[1])
      else if (e.name.endsWith('.tsx')) for (const m of readFileSync(p, 'utf8').matchAll(/className=\{?[`'"]([^`'"]+)[`'"]/g)) for (const c of m[1].split(/\s+/)) out.add(c)
    }
  }
  walk(join(root, 'src'))
  return out
}

function mount(): HTMLElement {
  document.body.innerHTML = `${homeShellHtml()}<div id="app"></div>`
  return document.getElementById(SHELL_ID)!
}

describe('home shell markup', () => {
  it('uses only classes the app\'s SCSS or components use (and Taro\'s text class), so app.css lays it out as it lays out the app', () => {
    const shell = mount()
    const known = appClasses()
    const own = new Set(['taro-text', 'tvc-shell__tv', 'tvc-shell__login'])
    const classes = new Set([...shell.querySelectorAll('[class]')].flatMap((el) => [...el.classList]))
    expect([...classes].filter((c) => !known.has(c) && !own.has(c))).toEqual([])
  })

  it('carries no inline size but the navigation bar\'s, which is the NavBar\'s own geometry', () => {
    const shell = mount()
    const styled = [...shell.querySelectorAll('[style]')]
    const nav = navBarGeometry(0)
    expect(styled.map((el) => el.getAttribute('style'))).toEqual([`height: ${nav.height}px;`, `top: ${nav.titleTop}px; height: ${nav.titleHeight}px;`])
  })

  it('writes the app\'s strings: title, login card, consent, remote, search, 我的, points', () => {
    const text = mount().textContent ?? ''
    for (const s of [titles.index, login.notLoggedIn, login.loginAction, consent.prefix, consent.agreement, consent.privacy, home.remote, tv.resync, tv.switchTv, home.searchPlaceholder, personal.entry, points.homeEntry, points.homeEntryHint]) {
      expect(text).toContain(s)
    }
  })

  it('marks one box for each element the check compares, with that element\'s selector', () => {
    const shell = mount()
    const marked = [...shell.querySelectorAll('[data-shell-box]')].map((el) => el.getAttribute('data-shell-box'))
    expect(marked.sort()).toEqual(Object.values(SHELL_BOXES).sort())
    for (const el of shell.querySelectorAll('[data-shell-box]')) {
      // the box is the element it stands for: it has that element's class
      expect(el.matches(el.getAttribute('data-shell-box')!)).toBe(true)
    }
  })

  it('is hidden from assistive technology (the app\'s page, not the shell, is what they read)', () => {
    expect(mount().getAttribute('aria-hidden')).toBe('true')
  })

  it('its own CSS places and switches the shell and sets no size, colour or font', () => {
    const css = shellStyle()
    expect(css).not.toMatch(/\d+(px|rem|em|vh|vw)|#[0-9a-f]{3,6}\b|color|font|margin|padding/i)
  })
})

describe('the head script picks the variant', () => {
  const run = (hash: string, session: string | null) => {
    window.history.replaceState(null, '', `/${hash}`)
    localStorage.clear()
    if (session !== null) localStorage.setItem('tvc.session', session)
    new Function(shellVariantScript())()
    return document.documentElement.getAttribute('data-tvc-shell')
  }

  it('the TV card\'s frame for a saved session, the login card without one', () => {
    expect(run('#/', '{"data":{"token":"t"}}')).toBe('tv')
    expect(run('#/', null)).toBe('login')
    expect(run('', null)).toBe('login')
    expect(run('#/pages/index/index?x=1', '{"data":{}}')).toBe('tv')
  })

  it('nothing for a user of 长辈版 (its home has none of the standard frame): the user\'s own choice, else the visitor\'s', () => {
    const session = '{"data":{"user":{"uid":"u1"},"token":"t"}}'
    const elder = (users: object) => localStorage.setItem(ELDER_KEY, JSON.stringify({ data: { users } }))
    const runWith = (users: object | null, s: string | null) => {
      window.history.replaceState(null, '', '/#/')
      localStorage.clear()
      if (s !== null) localStorage.setItem('tvc.session', s)
      if (users) elder(users)
      new Function(shellVariantScript())()
      return document.documentElement.getAttribute('data-tvc-shell')
    }
    expect(runWith({ u1: { on: true, at: 1 } }, session)).toBe('none')
    expect(runWith({ u1: { on: false, at: 1 } }, session)).toBe('tv')
    expect(runWith({ u2: { on: true, at: 1 } }, session)).toBe('tv')
    expect(runWith({ '': { on: true, at: 1 } }, session)).toBe('none')
    expect(runWith({ '': { on: true, at: 1 }, u1: { on: false, at: 2 } }, session)).toBe('tv')
    expect(runWith({ '': { on: true, at: 1 } }, null)).toBe('none')
    expect(runWith({ constructor: { on: true } }, '{"data":{"user":{"uid":"constructor"}}}')).toBe('none')
    expect(runWith({}, '{"data":{"user":{"uid":"constructor"}}}')).toBe('tv')
    // what a damaged store holds changes nothing but the elder part
    localStorage.setItem(ELDER_KEY, '{not json')
    window.history.replaceState(null, '', '/#/')
    new Function(shellVariantScript())()
    expect(document.documentElement.getAttribute('data-tvc-shell')).not.toBe('none')
  })

  it('nothing on another route: a deep link must not show home\'s frame', () => {
    expect(run('#/pages/detail/detail?programId=p1', '{"data":{}}')).toBe('none')
    expect(run('#/subpackages/pages/flow-more/flow-more', null)).toBe('none')
  })
})

describe('the takeover script', () => {
  beforeEach(() => {
    jest.useFakeTimers()
  })
  afterEach(() => {
    jest.useRealTimers()
  })

  it('keeps the shell while #app has no page, and removes it the frame after a page\'s content is in', async () => {
    mount()
    new Function(shellTakeoverScript())()
    const app = document.getElementById('app')!
    // Taro's router marks #app, then a page element arrives before its content
    app.className = 'taro_router'
    const page = document.createElement('div')
    page.className = 'taro_page'
    app.appendChild(page)
    await Promise.resolve()
    jest.runOnlyPendingTimers()
    expect(document.getElementById(SHELL_ID)).not.toBeNull()
    const content = document.createElement('div')
    content.className = 'page-shell'
    page.appendChild(content)
    await Promise.resolve()
    expect(document.getElementById(SHELL_ID)).not.toBeNull()
    jest.runOnlyPendingTimers() // the next frame
    expect(document.getElementById(SHELL_ID)).toBeNull()
    expect(document.getElementById('app')).toBe(app)
  })

  it('does nothing in a document without the shell', () => {
    document.body.innerHTML = '<div id="app"></div>'
    expect(() => new Function(shellTakeoverScript())()).not.toThrow()
  })
})

describe('what the build reads in Node', () => {
  it('the shell\'s modules and everything they import from src reach no Taro package (Taro needs its runtime; the build config runs in plain Node)', () => {
    const { existsSync } = jest.requireActual<typeof import('node:fs')>('node:fs')
    const { dirname, resolve } = jest.requireActual<typeof import('node:path')>('node:path')
    const seen = new Set<string>()
    const taro: string[] = []
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm)) {
        const spec = m[1] ?? m[2]
        if (m[0].startsWith('import type') || m[0].startsWith('export type')) continue
        if (spec.startsWith('@tarojs/')) taro.push(`${file.replace(root, '')} -> ${spec}`)
        if (!spec.startsWith('.')) continue
        const base = resolve(dirname(file), spec)
        const next = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f))
        if (next) visit(next)
      }
    }
    visit(join(root, 'config/homeShell.ts'))
    visit(join(root, 'config/shellCss.ts'))
    expect(seen.size).toBeGreaterThan(5)
    expect(taro).toEqual([])
  })
})
