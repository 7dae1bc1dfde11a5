/**
 * The weapp screenshot renderer (e2e/weapp/render.ts): a data tree as Taro's runtime setData it,
 * drawn with base.wxml's templates (here a planted base.wxml in the shape the build writes) and the
 * build's wxss converted as WeChat does (rpx, `page`, component tags).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  convertRpx, evalBinding, loadWxss, pageDocument, parseBaseTemplates, renderTree, rpxToPx, wxssToCss, type Screen,
} from '../../e2e/weapp/render'

const children = '<template is="{{xs.a(c, item.nn, l)}}" data="{{i:item,c:c+1,l:xs.f(l,item.nn)}}" wx:for="{{i.cn}}" wx:key="sid" />'
/** Templates as Taro writes them into base.wxml (attribute lists shortened), two levels of the view. */
const BASE_WXML = `<wxs module="xs" src="./utils.wxs" />
<template name="taro_tmpl">
  <template is="{{xs.a(0, item.nn, '')}}" data="{{i:item,c:1,l:xs.f('',item.nn)}}" wx:for="{{root.cn}}" wx:key="sid" />
</template>
<template name="tmpl_0_3">
  <view style="{{i.st}}" class="{{i.cl}}"  id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </view>
</template>
<template name="tmpl_0_6">
  <view hover-class="{{i.p1||'none'}}" style="{{i.st}}" class="{{i.cl}}" catchtouchmove="eh" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </view>
</template>
<template name="tmpl_0_5">
  <text selectable="{{xs.b(i.p3,!1)}}" overflow="{{i.p2||visible}}" style="{{i.st}}" class="{{i.cl}}"  id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </text>
</template>
<template name="tmpl_0_14">
  <button size="{{i.p18||'default'}}" type="{{i.p19}}" plain="{{xs.b(i.p12,!1)}}" open-type="{{i.p11}}" bindagreeprivacyauthorization="eh" style="{{i.st}}" class="{{i.cl}}" bindtap="eh"  id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </button>
</template>
<template name="tmpl_0_33">
  <template is="{{xs.c(i, 'tmpl_0_')}}" data="{{i:i,c:c}}" />
</template>
<template name="tmpl_0_33_focus">
  <input value="{{i.p25}}" focus="{{xs.b(i.focus,!1)}}" placeholder="{{i.p13}}" style="{{i.st}}" class="{{i.cl}}" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}"></input>
</template>
<template name="tmpl_0_33_blur">
  <input value="{{i.p25}}" placeholder="{{i.p13}}" placeholder-class="{{i.p14||'input-placeholder'}}" style="{{i.st}}" class="{{i.cl}}" bindinput="eh" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}"></input>
</template>
<template name="tmpl_0_66">
  <scroll-view scroll-x="{{xs.b(i.p34,!1)}}" scroll-y="{{xs.b(i.p35,!1)}}" padding="{{i.p12||[0,0,0,0]}}" style="{{i.st}}" class="{{i.cl}}" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </scroll-view>
</template>
<template name="tmpl_0_75">
  <swiper indicator-dots="{{xs.b(i.p10,!1)}}" indicator-active-color="{{i.p7||'#000000'}}" current="{{xs.b(i.p3,0)}}" style="{{i.st}}" class="{{i.cl}}" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </swiper>
</template>
<template name="tmpl_0_76">
  <swiper-item class="{{i.cl}}" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </swiper-item>
</template>
<template name="tmpl_0_4">
  <image src="{{i.p4}}" mode="{{i.p2||'scaleToFill'}}" lazy-load="{{xs.b(i.p1,!1)}}" style="{{i.st}}" class="{{i.cl}}"  id="{{i.uid||i.sid}}" data-sid="{{i.sid}}">
    ${children}
  </image>
</template>
<template name="tmpl_0_9">
  <block>{{i.v}}</block>
</template>
<template name="tmpl_1_3">
  <view class="{{i.cl}}" id="{{i.uid||i.sid}}">
    ${children}
  </view>
</template>
<template name="tmpl_12_container">
  <block wx:if="{{i.nn === '9'}}">
    <template is="tmpl_0_9" data="{{i:i}}" />
  </block>
  <block wx:else>
    <comp i="{{i}}" l="{{l}}" />
  </block>
</template>`

const templates = parseBaseTemplates(BASE_WXML)
const IPHONE_X: Screen = {
  windowWidth: 375, windowHeight: 812, statusBarHeight: 44, ios: true,
  menuButton: { width: 87, height: 32, top: 48, left: 281 },
}
const text = (v: string) => ({ nn: '9', sid: `t-${v}`, v })

describe('base.wxml templates', () => {
  it('maps each node name to the component its first template renders, with its bindings', () => {
    expect([...templates.keys()].sort()).toEqual(['14', '3', '33', '4', '5', '6', '66', '75', '76', '9'])
    expect(templates.get('3')).toEqual({
      tag: 'view',
      attrs: [['style', '{{i.st}}'], ['class', '{{i.cl}}'], ['id', '{{i.uid||i.sid}}'], ['data-sid', '{{i.sid}}']],
    })
    expect(templates.get('14')?.tag).toBe('button')
    expect(templates.get('9')?.tag).toBe('block')
  })

  it('an input is its blurred template (what a still page shows), not the chooser', () => {
    const input = templates.get('33')
    expect(input?.tag).toBe('input')
    expect(input?.attrs.map(([name]) => name)).toContain('placeholder-class')
    expect(input?.attrs.map(([name]) => name)).not.toContain('focus')
  })
})

describe('template bindings', () => {
  it('reads the node, its defaults and utils.wxs as WXML does', () => {
    expect(evalBinding("{{i.p18||'default'}}", {})).toBe('default')
    expect(evalBinding("{{i.p18||'default'}}", { p18: 'mini' })).toBe('mini')
    expect(evalBinding('{{xs.b(i.p12,!1)}}', {})).toBe(false)
    expect(evalBinding('{{xs.b(i.p12,!1)}}', { p12: true })).toBe(true)
    expect(evalBinding('{{xs.b(i.p38,50)}}', {})).toBe(50)
    expect(evalBinding('{{i.uid||i.sid}}', { sid: '_a' })).toBe('_a')
    expect(evalBinding('{{i.uid||i.sid}}', { sid: '_a', uid: 'agree' })).toBe('agree')
    expect(evalBinding('{{i.p12||[0,0,0,0]}}', {})).toEqual([0, 0, 0, 0])
    // an unquoted name is a data key the template does not have: undefined
    expect(evalBinding('{{i.p2||visible}}', {})).toBeUndefined()
    expect(evalBinding('eh', {})).toBe('eh')
  })
})

describe('rpx as WeChat converts it', () => {
  it('750rpx is the window width; whole px, floored; a hairline is 0.5px on iOS and 1px elsewhere', () => {
    expect(rpxToPx(750, 375, true)).toBe(375)
    expect(rpxToPx(26, 375, true)).toBe(13)
    expect(rpxToPx(25, 375, true)).toBe(12)
    expect(rpxToPx(1, 375, true)).toBe(0.5)
    expect(rpxToPx(1, 375, false)).toBe(1)
    expect(rpxToPx(0, 375, true)).toBe(0)
    expect(rpxToPx(750, 390, true)).toBe(390)
  })

  it('converts every rpx of a declaration, negative, fractional and inside calc(), and nothing else', () => {
    expect(convertRpx('margin:-20rpx 1rpx;width:calc(100% - 36rpx/3);padding:.5rpx 2.5rpx', IPHONE_X))
      .toBe('margin:-10px 0.5px;width:calc(100% - 18px/3);padding:0.5px 1px')
    expect(convertRpx('.a12rpx{top:12px}', IPHONE_X)).toBe('.a12rpx{top:12px}')
  })
})

describe('wxss as WeChat applies it', () => {
  it('page is the body, a component tag is wx-<tag>, classes and at-rules stay; rpx in px', () => {
    const wxss = '/* note */page{background:#f5f6f8}view.a>text,button+button{margin:24rpx}.view-text,.a view{x:1}'
      + '@media (min-width:1px){image{width:10rpx}}@keyframes k{from{opacity:0}to{opacity:1}}[type=text]{y:2}'
    expect(wxssToCss(wxss, IPHONE_X)).toBe(
      'body{background:#f5f6f8}wx-view.a>wx-text,wx-button+wx-button{margin:12px}.view-text,.a wx-view{x:1}'
      + '@media (min-width:1px){wx-image{width:5px}}@keyframes k{from{opacity:0}to{opacity:1}}[type=text]{y:2}',
    )
  })

  it('inlines each @import once, relative to the importing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tvc-wxss-'))
    try {
      mkdirSync(join(dir, 'sub/pages'), { recursive: true })
      writeFileSync(join(dir, 'sub/vendors.wxss'), '.v{a:1}')
      writeFileSync(join(dir, 'sub/pages/p.wxss'), '@import "../vendors.wxss";@import "../vendors.wxss";.p{b:2}')
      expect(loadWxss(dir, join(dir, 'sub/pages/p.wxss'))).toBe('.v{a:1}.p{b:2}')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a data tree as HTML', () => {
  const render = (cn: unknown[]) => renderTree({ cn }, { templates, screen: IPHONE_X })

  it('draws a planted privacy sheet: components, bound attributes, no events, escaped text, rpx styles', () => {
    const html = render([
      {
        nn: '6', sid: '_1', cl: 'privacy-sheet', st: 'padding:40rpx;',
        cn: [
          { nn: '5', sid: '_2', cl: 'privacy-sheet__title', cn: [text('用户协议 <与> "隐私"')] },
          { nn: '14', sid: '_3', uid: 'sheet-privacy-agree', cl: 'privacy-sheet__button', p11: 'agreePrivacyAuthorization', cn: [text('同意并继续')] },
          { nn: '14', sid: '_4', p19: 'primary', p12: true, cn: [] },
        ],
      },
    ])
    expect(html).toBe(
      '<wx-view hover-class="none" style="padding:20px;" class="privacy-sheet" id="_1">'
      + '<wx-text class="privacy-sheet__title" id="_2">用户协议 &lt;与&gt; "隐私"</wx-text>'
      + '<wx-button size="default" open-type="agreePrivacyAuthorization" class="privacy-sheet__button" id="sheet-privacy-agree">同意并继续</wx-button>'
      + '<wx-button size="default" type="primary" plain id="_4"></wx-button>'
      + '</wx-view>',
    )
  })

  it('an image is a background placed by its mode; widthFix keeps the picture\'s ratio', () => {
    expect(render([{ nn: '4', sid: '_i', cl: 'poster', p4: 'http://gw/p.svg', p2: 'aspectFill' }])).toBe(
      '<wx-image src="http://gw/p.svg" mode="aspectFill" class="poster" id="_i">'
      + '<div style="background-image:url(&quot;http://gw/p.svg&quot;);background-size:cover;background-position:center center"></div></wx-image>',
    )
    expect(render([{ nn: '4', sid: '_j', p4: 'a.png', p2: 'widthFix' }])).toContain('<img src="a.png" style="width:100%;height:auto">')
    expect(render([{ nn: '4', sid: '_k', p4: 'a.png' }])).toContain('background-size:100% 100%')
  })

  it('an input shows its placeholder while empty, its value otherwise', () => {
    const empty = render([{ nn: '33', sid: '_n', p13: '请输入手机号', cl: 'field' }])
    expect(empty).toContain('<div class="wx-input-placeholder input-placeholder" style="">请输入手机号</div>')
    expect(empty).toContain('<input type="text" value="" tabindex="-1">')
    const filled = render([{ nn: '33', sid: '_n', p13: '请输入手机号', p25: '138' }])
    expect(filled).not.toContain('请输入手机号</div>')
    expect(filled).toContain('value="138"')
  })

  it('a scroll-view scrolls on its axes; a swiper shows its current item, the others beside it', () => {
    expect(render([{ nn: '66', sid: '_s', p35: true, cn: [{ nn: '3', sid: '_c' }] }])).toBe(
      '<wx-scroll-view scroll-y padding="[0,0,0,0]" id="_s"><div class="wx-scroll-view" style="overflow-x:hidden;overflow-y:auto">'
      + '<wx-view id="_c"></wx-view></div></wx-scroll-view>',
    )
    const swiper = render([{ nn: '75', sid: '_w', p10: true, p7: '#ffffff', cn: [{ nn: '76', sid: '_a' }, { nn: '76', sid: '_b' }] }])
    expect(swiper).toContain('<wx-swiper-item id="_a" style="transform:translateX(0%)">')
    expect(swiper).toContain('<wx-swiper-item id="_b" style="transform:translateX(100%)">')
    expect(swiper).toContain('<span class="wx-swiper-dot" style="background:#ffffff"></span><span class="wx-swiper-dot" style="background:rgba(0, 0, 0, .3)"></span>')
  })

  it('a node name base.wxml has no template for fails loudly, naming it', () => {
    expect(() => render([{ nn: '99', sid: '_x' }])).toThrow('node name "99" has no template in base.wxml')
  })
})

describe('the page document', () => {
  it('holds the build\'s wxss converted, the page tree, and the capsule at the phone\'s rectangle', () => {
    const dist = mkdtempSync(join(tmpdir(), 'tvc-dist-'))
    try {
      mkdirSync(join(dist, 'pages/a'), { recursive: true })
      writeFileSync(join(dist, 'base.wxml'), BASE_WXML)
      writeFileSync(join(dist, 'app.wxss'), '@import "./common.wxss";page{color:#111}')
      writeFileSync(join(dist, 'common.wxss'), '.card{margin:24rpx}')
      writeFileSync(join(dist, 'pages/a/a.wxss'), 'button.share{height:88rpx}')
      const html = pageDocument({ distRoot: dist, route: 'pages/a/a', data: { root: { cn: [{ nn: '3', sid: '_r', cl: 'card', cn: [text('你好')] }] } }, screen: IPHONE_X })
      expect(html).toContain('<style>.card{margin:12px}body{color:#111}</style>')
      expect(html).toContain('<style>wx-button.share{height:44px}</style>')
      expect(html).toContain('<wx-view class="card" id="_r">你好</wx-view>')
      expect(html).toMatch(/class="wx-capsule" style="position:fixed;left:281px;top:48px;width:87px;height:32px;/)
      expect(html).toMatch(/class="wx-status-bar" style="position:fixed;left:0;right:0;top:0;height:44px;/)
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  })
})
