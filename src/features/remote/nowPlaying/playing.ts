/**
 * Whether the TV plays a program, by what it reports (home shows the now-playing panel under
 * the TV card then). Small and free of the panel's code, so home's first load carries only this.
 */
import { SCREEN_PLAYING, tvMessage, type TvMessage, type TvMode } from '../../../protocol/tv/messages'

export interface PlayingSource {
  online: boolean
  tvMode: TvMode
  tvMessage: TvMessage
}

/**
 * The box's `vod` (a box that reports it says null for anything that is not a program); from a box
 * that reports none, SPEC 4's own signs of playing (its play state, or type 32 code 1) outside live TV.
 */
export function tvPlaysProgram(tv: PlayingSource): boolean {
  if (!tv.online) return false
  const ps = tv.tvMode.content.playState
  if (ps && 'vod' in ps) return ps.vod != null
  if (ps?.live) return false
  if (ps?.playing) return true
  return tv.tvMessage.type === tvMessage.typeScreen && tv.tvMessage.content.code === SCREEN_PLAYING
}
