/**
 * @jest-environment node
 *
 * The build's text-scale step (config/postcss-text-scale.js): every absolute font size and line height
 * is multiplied by --fs, and so is a text box's height; relative sizes are not scaled twice.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import postcss from 'postcss'
const textScale = require('../../config/postcss-text-scale.js') as { (): postcss.Plugin; postcss: true; scaled(v: string): string }

const run = (css: string) => postcss([textScale()]).process(css, { from: undefined }).css

describe('postcss text scale', () => {
  it('multiplies absolute font sizes and line heights (H5 rem, weapp rpx, px)', () => {
    expect(run('.a{font-size:0.7rem;line-height:1rem}')).toBe('.a{font-size:calc(0.7rem * var(--fs,1));line-height:1.429}')
    // a line height in another unit than its font size (or without one) is multiplied
    expect(run('.a{font-size:1.2em;line-height:20px}')).toBe('.a{font-size:1.2em;line-height:calc(20px * var(--fs,1))}')
    expect(run('.a{line-height:0.9rem}')).toBe('.a{line-height:calc(0.9rem * var(--fs,1))}')
    expect(run('.a{font-size:28rpx}')).toBe('.a{font-size:calc(28rpx * var(--fs,1))}')
    expect(run('.a{font-size:15px}')).toBe('.a{font-size:calc(15px * var(--fs,1))}')
    expect(run('.a{font-size:15px !important}')).toBe('.a{font-size:calc(15px * var(--fs,1)) !important}')
    // a calc of its own is kept whole inside the product
    expect(textScale.scaled('calc(1rem + 2px)')).toBe('calc((1rem + 2px) * var(--fs,1))')
  })

  it('leaves relative and already-scaled values alone (no double scaling)', () => {
    for (const css of ['.a{font-size:1.2em}', '.a{font-size:120%}', '.a{line-height:1.5}', '.a{font-size:inherit}', '.a{font-size:calc(1rem * var(--fs,1))}']) {
      expect(run(css)).toBe(css)
    }
  })

  it('a height set with a font size (a key, a button) grows with the text; other boxes and widths do not', () => {
    // in the font size's unit: relative to it (em), the same size at every scale
    expect(run('.key{font-size:28rpx;height:84rpx;min-height:88rpx;width:180rpx}')).toBe('.key{font-size:calc(28rpx * var(--fs,1));height:3em;min-height:3.143em;width:180rpx}')
    // in another unit: multiplied
    expect(run('.key{font-size:0.8rem;height:calc(2rem + 4px);width:2.2rem}')).toBe('.key{font-size:calc(0.8rem * var(--fs,1));height:calc((2rem + 4px) * var(--fs,1));width:2.2rem}')
    expect(run('.img{height:4rem}')).toBe('.img{height:4rem}')
    expect(run('.a{font-size:0.8rem;height:100%}')).toBe('.a{font-size:calc(0.8rem * var(--fs,1));height:100%}')
  })

  it('keyframes are not touched', () => {
    const css = '@keyframes k{from{font-size:10px;height:10px}}'
    expect(run(css)).toBe(css)
  })

  it('the build loads it from the path config/index.ts names (Taro skips a plugin it cannot find, silently)', async () => {
    const src = await import('node:fs').then((fs) => fs.readFileSync(join(__dirname, '../../config/index.ts'), 'utf8'))
    const path = /TEXT_SCALE_POSTCSS = '([^']+)'/.exec(src)?.[1] ?? ''
    expect(path.startsWith('./')).toBe(true)
    expect(existsSync(join(__dirname, '../..', path))).toBe(true)
    // both builds use it
    expect(src.match(/\[TEXT_SCALE_POSTCSS\]: \{ enable: true \}/g)).toHaveLength(2)
  })

  it("on WeChat's build the variable has no fallback, and app.scss gives page its default", () => {
    const before = process.env.TARO_ENV
    process.env.TARO_ENV = 'weapp'
    try {
      jest.isolateModules(() => {
        const weapp = require('../../config/postcss-text-scale.js') as { scaled(v: string): string }
        expect(weapp.scaled('28rpx')).toBe('calc(28rpx * var(--fs))')
      })
    } finally {
      Object.assign(process.env, { TARO_ENV: before })
      if (before === undefined) Reflect.deleteProperty(process.env, 'TARO_ENV')
    }
    const appScss = readFileSync(join(__dirname, '../../src/app.scss'), 'utf8')
    expect(appScss).toMatch(/\/\* #ifdef weapp \*\/[^#]*page \{\s*--fs: 1;\s*\}[^#]*\/\* #endif \*\//)
  })
})
