/** @jest-environment node */
/**
 * The static shell's inline CSS (config/shellCss.ts): the built app.css's own rules that can reach the
 * shell's elements, selected and never rewritten, so the shell is laid out as the app is.
 */
import { classesOf, criticalCss } from '../../config/shellCss'

const built = [
  '@charset "UTF-8";',
  '@font-face{font-family:weui;src:url(data:application/octet-stream;base64,AAAA)}',
  'body,html{height:100%}',
  '.nav-bar{height:2.4rem}',
  '.nav-bar__action{width:1.8rem}',
  '.tv-card--sized:not(.tv-card--empty){display:flex}',
  '.home-look .tv-card--online{background:red}',
  '.home-look .tv-card--connecting{background:blue}',
  '#app .nav-bar{color:red}',
  '.a,.nav-bar__title{font-size:.85rem}',
  '@media (min-width:600px){.nav-bar{height:3rem}.block{margin:0}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.spinner{animation:spin 1s}',
].join('')

const shell = '<div class="nav-bar"><span class="nav-bar__title"></span></div><div class="home-look"><div class="tv-card tv-card--sized tv-card--connecting"></div></div>'

describe('criticalCss', () => {
  const out = criticalCss(built, classesOf(shell))

  it('keeps the rules whose classes the shell all has, as built (values untouched)', () => {
    expect(out).toContain('.nav-bar{height:2.4rem}')
    expect(out).toContain('.home-look .tv-card--connecting{background:blue}')
    expect(out).toContain('body,html{height:100%}')
  })

  it('drops rules for elements the shell does not have, and selectors of a list that cannot reach it', () => {
    expect(out).not.toContain('nav-bar__action')
    expect(out).not.toContain('tv-card--online')
    expect(out).not.toContain('.spinner')
    expect(out).toContain('.nav-bar__title{font-size:.85rem}')
    expect(out).not.toMatch(/\.a[,{]/)
  })

  it('a :not() condition does not need its class in the shell', () => {
    expect(out).toContain('.tv-card--sized:not(.tv-card--empty){display:flex}')
  })

  it('keeps @media around the rules it keeps, and drops an @media left empty', () => {
    expect(out).toContain('@media (min-width:600px){.nav-bar{height:3rem}}')
    expect(criticalCss('@media print{.block{margin:0}}', classesOf(shell))).toBe('')
  })

  it('leaves out ids (the app\'s), fonts, @charset, and keyframes no kept rule uses', () => {
    expect(out).not.toContain('#app')
    expect(out).not.toContain('font-face')
    expect(out).not.toContain('charset')
    expect(out).not.toContain('keyframes')
  })
})
