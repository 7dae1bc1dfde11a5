/** @jest-environment node */
import { GatewayError, OfflineError } from '../../src/services/http/types'
import { createTracker, stripCredentials, type LogForm, type LogRecord } from '../../src/services/tracking'

const ctx = { uid: 'u10001', phone: '13800000000', mac: 'AC3B7F0E1001', deviceId: 'dev-1' }

function setup(opts: { accepted?: number; batchSize?: number; secrets?: string[] } = {}) {
  const sent: LogForm[] = []
  const tracker = createTracker({
    send: async (form) => {
      sent.push(form)
      return { accepted: opts.accepted ?? Number(form.contentcount) }
    },
    context: () => ctx,
    secrets: () => opts.secrets ?? [],
    now: () => 1_750_000_000_000,
    batchSize: opts.batchSize ?? 3,
    flushMs: 5_000,
    versionId: '20250610',
    platformId: 'h5',
  })
  const records = (i: number) => JSON.parse(sent[i].contenttext) as LogRecord[]
  return { tracker, sent, records }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('tracking', () => {
  it('builds SPEC 3 records and the SPEC 7 logApi form', async () => {
    const { tracker, sent, records } = setup({ batchSize: 1 })
    tracker.click('/pages/detail/detail?programId=p1', 'play-on-tv', 'p1')
    await jest.advanceTimersByTimeAsync(0)
    expect(Object.keys(sent[0]).sort()).toEqual(['contentcount', 'contenttext', 'curtime', 'deviceid', 'mac', 'platformid', 'seqid', 'versionid'])
    expect(sent[0]).toMatchObject({ curtime: '1750000000000', deviceid: 'dev-1', versionid: '20250610', platformid: 'h5', mac: 'AC3B7F0E1001', contentcount: '1' })
    expect(records(0)).toEqual([
      {
        uid: 'u10001',
        t: 1_750_000_000_000,
        event_id: 'click',
        phone_no: '13800000000',
        channel: '1',
        versionid: '20250610',
        props: { url: '/pages/detail/detail?programId=p1', ext: 'p1', button_info: 'play-on-tv' },
      },
    ])
  })

  it('sends a batch when batchSize records are queued', async () => {
    const { tracker, sent, records } = setup({ batchSize: 3 })
    tracker.expose('/a')
    tracker.expose('/b')
    await jest.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(0)
    tracker.click('/c', 'btn')
    await jest.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(1)
    expect(records(0).map((r) => r.props.url)).toEqual(['/a', '/b', '/c'])
    expect(tracker.pending()).toBe(0)
  })

  it('sends a partial batch flushMs after the first queued record', async () => {
    const { tracker, sent } = setup({ batchSize: 10 })
    tracker.expose('/a')
    await jest.advanceTimersByTimeAsync(4_999)
    expect(sent).toHaveLength(0)
    await jest.advanceTimersByTimeAsync(1)
    expect(sent).toHaveLength(1)
    expect(sent[0].contentcount).toBe('1')
  })

  it('logs page views with the selected tab as a query', async () => {
    const { tracker, records } = setup({ batchSize: 2 })
    tracker.pageView('pages/index/index', 2)
    tracker.pageView('pages/index/index?from=share', 0)
    await jest.advanceTimersByTimeAsync(0)
    expect(records(0).map((r) => [r.event_id, r.props.url])).toEqual([
      ['expose', 'pages/index/index?tab=2'],
      ['expose', 'pages/index/index?from=share&tab=0'],
    ])
  })

  it('never carries a token or a secret', async () => {
    const { tracker, sent } = setup({ batchSize: 2, secrets: ['tok-123456', 'sec-abcdef'] })
    tracker.pageView('pages/web-view/web-view?url=x&token=tok-123456&UCS-TOKEN=tok-123456', 1)
    tracker.click('/x', 'button with tok-123456 inside', 'sec-abcdef')
    await jest.advanceTimersByTimeAsync(0)
    const wire = JSON.stringify(sent)
    expect(wire).not.toContain('tok-123456')
    expect(wire).not.toContain('sec-abcdef')
    expect(wire).not.toMatch(/token=/i)
    expect(stripCredentials('/p?a=1&secret=s&b=2')).toBe('/p?a=1&b=2')
  })

  it('keeps the records of a batch the gateway did not take, and sends them with the next one', async () => {
    let accepted = 0
    const sent: LogForm[] = []
    const tracker = createTracker({
      send: async (form) => {
        sent.push(form)
        return { accepted }
      },
      context: () => ctx,
      batchSize: 2,
      flushMs: 5_000,
    })
    tracker.expose('/a')
    tracker.expose('/b')
    await jest.advanceTimersByTimeAsync(0)
    expect(tracker.pending()).toBe(2)
    accepted = 3
    tracker.expose('/c')
    await jest.advanceTimersByTimeAsync(0)
    expect(sent[1].contentcount).toBe('3')
    expect(tracker.pending()).toBe(0)
  })

  it('keeps a batch that got no answer (offline) and drops one the server refused', async () => {
    let fail: Error | null = new OfflineError('网络连接错误，请稍后重试', 'stb/logup.action')
    const sent: LogForm[] = []
    const tracker = createTracker({
      send: async (form) => {
        sent.push(form)
        if (fail) throw fail
        return { accepted: Number(form.contentcount) }
      },
      context: () => ctx,
      batchSize: 2,
      flushMs: 5_000,
    })
    tracker.expose('/a')
    tracker.expose('/b')
    await jest.advanceTimersByTimeAsync(0)
    expect(tracker.pending()).toBe(2)
    fail = new GatewayError('server', '9999', '服务异常', 'stb/logup.action')
    await tracker.flush()
    expect(sent[1].contentcount).toBe('2')
    expect(tracker.pending()).toBe(0)
    fail = null
    tracker.expose('/c')
    await tracker.flush()
    expect(sent[2].contentcount).toBe('1')
  })
})
