/** The banner slot every page shows: one notice at a time, each once, a tap opens it, a close drops it. */
import { NoticeBoard } from '@/stores/app/noticeBoard'

test('notices wait their turn; the same notice twice shows once; open runs it, dismiss does not', () => {
  const board = new NoticeBoard()
  const opened: string[] = []
  board.show({ id: 'a', title: '节目提醒', text: 'A', action: '去看看', open: () => opened.push('a') })
  board.show({ id: 'a', title: '节目提醒', text: 'A again', open: () => opened.push('a2') })
  board.show({ id: 'b', title: '预约已取消', text: 'B' })
  expect(board.current?.text).toBe('A')
  expect(board.queue).toHaveLength(2)
  board.open('a')
  expect(opened).toEqual(['a'])
  expect(board.current?.id).toBe('b')
  board.dismiss('b')
  expect(board.current).toBeNull()
  expect(opened).toEqual(['a'])
  board.show({ id: 'c', title: 't', text: 'C', open: () => opened.push('c') })
  board.clear()
  expect(board.current).toBeNull()
  // a notice without `open`: a tap only closes it
  board.show({ id: 'd', title: 't', text: 'D' })
  board.open('d')
  expect(board.current).toBeNull()
  expect(opened).toEqual(['a'])
})
