/** Images the emulator serves itself: SVG posters, avatars and logos generated from a title. */
import { hashString } from './prng'

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A 3:4 poster: a gradient from the id's hue and the title written vertically/horizontally. */
export function posterSvg(id: string, title: string, subtitle = ''): string {
  const hue = hashString(id) % 360
  const chars = [...title].slice(0, 12)
  const lines = chars.length <= 6 ? [chars.join('')] : [chars.slice(0, 6).join(''), chars.slice(6).join('')]
  const text = lines
    .map((l, i) => `<text x="150" y="${190 + i * 46}" font-size="38" text-anchor="middle" fill="#fff">${escapeXml(l)}</text>`)
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/>` +
    `</linearGradient></defs><rect width="300" height="400" fill="url(#g)"/>` +
    `<circle cx="240" cy="70" r="90" fill="rgba(255,255,255,0.08)"/>${text}` +
    `<text x="150" y="360" font-size="18" text-anchor="middle" fill="rgba(255,255,255,0.8)">${escapeXml(subtitle)}</text></svg>`
  )
}

/** A round avatar / logo with the first character. */
export function badgeSvg(id: string, label: string): string {
  const hue = hashString(id) % 360
  const first = escapeXml([...label][0] ?? '?')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<circle cx="60" cy="60" r="60" fill="hsl(${hue},55%,50%)"/>` +
    `<text x="60" y="76" font-size="48" text-anchor="middle" fill="#fff">${first}</text></svg>`
  )
}

/** A channel logo: its short name ('CCTV-1', '湖南卫视') on a rounded tile of the channel's hue. */
export function logoSvg(id: string, name: string): string {
  const hue = hashString(id) % 360
  const short = [...(name.split(' ')[0] ?? name)].slice(0, 6)
  const size = short.length <= 3 ? 40 : short.length <= 4 ? 30 : 22
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" rx="24" fill="hsl(${hue},55%,42%)"/>` +
    `<text x="60" y="${60 + size / 3}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(short.join(''))}</text></svg>`
  )
}
