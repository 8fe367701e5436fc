import { DeadlineExceeded, withDeadline } from './deadline';

describe('withDeadline', () => {
  it('settles as the work does when the work ends in time', async () => {
    await expect(withDeadline(Promise.resolve('done'), 1_000, 'too slow')).resolves.toBe('done');
    await expect(withDeadline(Promise.reject(new Error('refused')), 1_000, 'too slow')).rejects.toThrow('refused');
  });

  it('rejects with DeadlineExceeded and the message when the work takes longer', async () => {
    const started = Date.now();
    const hung = new Promise<string>(() => undefined);
    const outcome = withDeadline(hung, 20, 'the check timed out after 20 ms');
    await expect(outcome).rejects.toBeInstanceOf(DeadlineExceeded);
    await expect(outcome).rejects.toThrow('the check timed out after 20 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('is not fooled by work that ends after the deadline', async () => {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 60));
    await expect(withDeadline(late, 10, 'too slow')).rejects.toThrow(DeadlineExceeded);
    await expect(late).resolves.toBe('late');
  });
});
