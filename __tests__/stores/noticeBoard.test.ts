/** The notice slot's board: one notice at a time, each once, the next after one is removed. */
import { NoticeBoard } from '@/stores/app/noticeBoard'

test('notices wait their turn; the same notice twice shows once; removing one shows the next', () => {
  const board = new NoticeBoard()
  board.show({ id: 'a', title: '节目提醒', text: 'A', action: '去看看', open: () => undefined })
  board.show({ id: 'a', title: '节目提醒', text: 'A again' })
  board.show({ id: 'b', title: '预约已取消', text: 'B' })
  expect(board.current?.text).toBe('A')
  expect(board.queue).toHaveLength(2)
  board.remove('a')
  expect(board.current?.id).toBe('b')
  board.remove('b')
  expect(board.current).toBeNull()
  board.show({ id: 'c', title: 't', text: 'C' })
  board.clear()
  expect(board.current).toBeNull()
})
