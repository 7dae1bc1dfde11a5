/**
 * H5: home's static shell, written into index.html at build time so the page paints before any of the
 * app's JavaScript has arrived: the navigation bar, the TV card's frame (with the remote's button) or,
 * for a visitor not logged in, the login card, the search row, the points entry and the tabs' room.
 *
 * It is the app's own markup with the app's own classes, styled by the app's own stylesheet (app.css,
 * which the build extracts from the same SCSS and which the page loads in <head> anyway): no copied
 * sizes or colours. Its texts come from src/strings and the navigation bar's geometry from the NavBar's
 * own function. `npm run check:first-load` fails when a shell box and the app's box for it differ.
 *
 * Takeover: the shell sits under the app (fixed, before #app in the document). The page Taro renders
 * covers it (opaque, full height) in the same boxes, so nothing shifts; once a page's content is in
 * #app, the HTML's own script (shellTakeoverScript) removes the shell: the app's bundles carry nothing
 * for it (WeChat's neither). The head script picks the variant before the body is parsed:
 * 'tv' with a saved session, 'login' without, 'none' on any route but home (a deep link must not show
 * home's frame) and for a user of 长辈版 (its home has none of the standard frame, and no points entry).
 */
import './srcRegister'
import { navBarGeometry } from '../src/components/NavBar/geometry'
import { SESSION_KEY } from '../src/stores/app/session'
import { ELDER_KEY, VISITOR } from '../src/features/elder/elderChoice'
import { consent as c, home as h, login as l, personal as p, points as pt, titles, tv as t } from '../src/strings'

/**
 * The shell's boxes and the app's elements each stands for: a box carries its element's selector in
 * data-shell-box, and the check compares the two rectangles.
 */
export const SHELL_BOXES = Object.freeze({
  nav: '.nav-bar',
  card: '.tv-card',
  login: '.login-card',
  search: '.search-entry',
  my: '.my-entry',
  points: '.points-entry',
  tabs: '.home-tabs',
})

type Box = keyof typeof SHELL_BOXES

/** The shell's element id. */
export const SHELL_ID = 'tvc-shell'

/** What marks the app's page as rendered in #app (every page lays itself out in PageShell). */
const APP_PAGE = '.taro_page .page-shell'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const box = (name: Box) => ` data-shell-box="${SHELL_BOXES[name]}"`
const text = (cls: string, s: string) => `<span class="taro-text ${cls}">${esc(s)}</span>`

/** Home's routes in the hash router: the shell shows on these only. */
const HOME_HASHES = ['', '#', '#/', '#/pages/index/index']

/**
 * Runs in <head>, before the body: which variant to show (sets html[data-tvc-shell]). Whether home is
 * 长辈版 is read as the app reads it (features/elder/elderChoice.ts: the user's own choice, else the
 * visitor's on this phone), from Taro's storage format (`{"data": ...}`).
 */
export function shellVariantScript(): string {
  const elder =
    `var g=function(k){var x=JSON.parse(localStorage.getItem(k)||'null');return x&&x.data},s=g(${JSON.stringify(SESSION_KEY)}),` +
    `u=(s&&s.user&&s.user.uid)||'',e=g(${JSON.stringify(ELDER_KEY)}),c=e&&e.users||{},h=function(k){return Object.prototype.hasOwnProperty.call(c,k)?c[k]:null},` +
    `o=h(u)||(u!==${JSON.stringify(VISITOR)}?h(${JSON.stringify(VISITOR)}):null);if(o&&o.on===true)v='none'`
  return `!function(){var d=document.documentElement,v='none';try{var r=location.hash.split('?')[0];if(${JSON.stringify(HOME_HASHES)}.indexOf(r)>=0){v=localStorage.getItem(${JSON.stringify(SESSION_KEY)})?'tv':'login';${elder}}}catch(e){}d.setAttribute('data-tvc-shell',v)}()`
}

/**
 * Runs at the end of <body>: removes the shell once the app's first page has rendered into #app (the
 * page already covers it), at the next frame, and stops watching.
 */
export function shellTakeoverScript(): string {
  return `!function(){var a=document.getElementById('app'),s=document.getElementById(${JSON.stringify(SHELL_ID)});if(!a||!s)return;var o=new MutationObserver(function(){if(!a.querySelector(${JSON.stringify(APP_PAGE)}))return;o.disconnect();requestAnimationFrame(function(){s.remove()})});o.observe(a,{childList:!0,subtree:!0})}()`
}

/**
 * The shell's own rules: where it sits and which variant shows. Only mechanics: every size and colour
 * is the app's (app.css).
 */
export function shellStyle(): string {
  return [
    `#${SHELL_ID}{position:fixed;left:0;top:0;width:100%;height:100%;overflow:hidden}`,
    `[data-tvc-shell=none] #${SHELL_ID}{display:none}`,
    `#${SHELL_ID} .tvc-shell__tv{display:none}`,
    `[data-tvc-shell=tv] #${SHELL_ID} .tvc-shell__tv{display:contents}`,
    `[data-tvc-shell=tv] #${SHELL_ID} .tvc-shell__login{display:none}`,
  ].join('')
}

/** The TV card as the app lays it out for a TV (src/features/home/TvStatusCard.tsx), without the TV's own texts. */
function tvCard(): string {
  return (
    `<div class="tv-card tv-card--connecting tv-card--sized"${box('card')}>` +
    `<div class="tv-card__head"><div class="tv-card__screen"><div class="tv-card__dot"></div></div>` +
    `<div class="tv-card__info">${text('tv-card__name', '\u3000')}${text('tv-card__state', '\u3000')}</div></div>` +
    `<div class="tv-card__actions"><div class="tv-card__action">${esc(t.resync)}</div><div class="tv-card__action">${esc(t.switchTv)}</div>` +
    `<div class="tv-card__action tv-card__action--primary">${esc(h.remote)}</div></div></div>`
  )
}

/** The login card in the TV card's place (src/features/account/LoginCard.tsx on H5, consent not given). */
function loginCard(): string {
  return (
    `<div class="login-card tv-card--login"${box('login')}><div class="login-card__main">${text('login-card__hint', l.notLoggedIn)}` +
    `${text('login-card__action login-card__action--link', l.loginAction)}</div>` +
    `<div class="consent"><div class="consent__box"></div>${text('consent__text', c.prefix)}${text('consent__link', c.agreement)}` +
    `${text('consent__text', c.and)}${text('consent__link', c.privacy)}</div></div>`
  )
}

/** The shell's markup (the <body>'s first element), as src/pages/index/index.tsx first lays out home. */
export function homeShellHtml(): string {
  const nav = navBarGeometry(0)
  return (
    `<div id="${SHELL_ID}" aria-hidden="true"><div class="page-shell">` +
    `<div class="nav-bar" style="height: ${nav.height}px;"${box('nav')}><div class="nav-bar__title-bar" style="top: ${nav.titleTop}px; height: ${nav.titleHeight}px;">` +
    `${text('nav-bar__title', titles.index)}</div></div>` +
    `<div class="home-look"><div class="home-look__art"><div class="tvc-shell__tv">${tvCard()}</div><div class="tvc-shell__login">${loginCard()}</div></div>` +
    `<div class="home-search-row"><div class="search-entry"${box('search')}><div class="search-entry__icon"></div>${text('search-entry__hint', h.searchPlaceholder)}</div>` +
    `<div class="my-entry"${box('my')}><div class="my-entry__avatar my-entry__avatar--empty"></div>${text('my-entry__label', p.entry)}</div></div>` +
    `<div class="points-entry"${box('points')}>${text('points-entry__title', pt.homeEntry)}${text('points-entry__hint', pt.homeEntryHint)}</div>` +
    `<div class="home-tabs"${box('tabs')}><div class="home-tabs__row"><div class="home-tabs__tab home-tabs__tab--active home-tabs__tab--room">${text('', '\u3000')}</div></div></div>` +
    `</div></div></div>`
  )
}
