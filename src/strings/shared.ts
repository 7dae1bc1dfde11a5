/** Who is using the shared TV (the TV card's line 2, loaded after first paint; the family panel). */
export const shared = Object.freeze({
  you: '你',
  justNow: '刚刚',
  minutesAgo: (n: number) => `${n}分钟前`,
  line: (who: string, when: string, what: string) => `${who} · ${when} · ${what}`,
  /** What the last command did: these by name (key event, inputText, h5Play); another key as 按了 + its label. */
  actions: Object.freeze({
    KEYCODE_VOLUME_UP: '调高音量',
    KEYCODE_VOLUME_DOWN: '调低音量',
    inputText: '输入了文字',
    h5Play: '投屏了节目',
    /** A seek to a point (the media keys show as 按了 + their label). */
    seekTo: '调整了播放进度',
  } satisfies Record<string, string>),
  pressed: (key: string) => `按了${key}`,
  otherAction: '操作了电视',
})
