import { abortable } from './abortable';
import { withinTime } from './within-time';

const never = () => new Promise<string>(() => undefined);

describe('abortable', () => {
  it('settles as the work does while the signal holds', async () => {
    const signal = new AbortController().signal;
    await expect(abortable(Promise.resolve('done'), signal)).resolves.toBe('done');
    await expect(abortable(Promise.reject(new Error('refused')), signal)).rejects.toThrow('refused');
  });

  it("rejects with the abort's reason, even for work that never settles", async () => {
    const controller = new AbortController();
    const pending = abortable(never(), controller.signal);
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });

  it('rejects at once on a signal already aborted', async () => {
    await expect(abortable(Promise.resolve('late'), AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
  });
});

describe('withinTime', () => {
  afterEach(() => jest.useRealTimers());

  it('gives up on work that has not settled in time, and not before', async () => {
    jest.useFakeTimers();
    let outcome: unknown = 'pending';
    void withinTime(never(), 5_000).catch((error: unknown) => (outcome = error));
    await jest.advanceTimersByTimeAsync(4_999);
    expect(outcome).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ name: 'TimeoutError' });
  });

  it('answers what the work answers in time', async () => {
    await expect(withinTime(Promise.resolve(42), 5_000)).resolves.toBe(42);
  });
});
