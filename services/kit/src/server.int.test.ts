import { Agent, request } from 'node:http';
import path from 'node:path';
import { exited, forkTs, messageOfType, nextMessage, outputOf } from './testing/fork-ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function get(url: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Asks on fresh connections until one is not accepted (refused, or reset when it was still in the listen
 * backlog as the socket closed); whatever is answered meanwhile must be the 503 envelope.
 */
async function untilRefused(url: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      answers.push(await get(url, new Agent({ keepAlive: false })));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return answers;
      throw new Error(`probe during shutdown failed: ${String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the server kept accepting connections after SIGTERM');
}

describe('listenWithGracefulShutdown (real process, real SIGTERM)', () => {
  it('stops accepting, finishes the in-flight request, runs the close hooks, and exits 0', async () => {
    const child = forkTs(path.join(__dirname, 'testing/fixtures/graceful-server.ts'));
    const closeHook = nextMessage(child, messageOfType('close-hook'));
    // Rejects if the child dies first; that failure is reported by the assertions below, not as unhandled.
    closeHook.catch(() => undefined);
    const keepAlive = new Agent({ keepAlive: true });
    let inFlight: Promise<Answer> | undefined;
    try {
      const isListening = messageOfType('listening');
      const { address } = await nextMessage(
        child,
        (message): message is { type: 'listening'; address: string } =>
          isListening(message) && typeof message.address === 'string',
      );
      inFlight = get(`${address}/slow`, keepAlive);
      await nextMessage(child, messageOfType('in-flight'));
      child.kill('SIGTERM');

      const meanwhile = await untilRefused(`${address}/healthz`);
      for (const answer of meanwhile) {
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      }

      const finished = await inFlight.catch((error: unknown) => {
        throw new Error(`the in-flight request did not finish: ${String(error)}`);
      });
      expect(finished.status).toBe(200);
      expect(finished.body).toBe('{"done":true}');
      expect(finished.headers.connection).toBe('close');
      await closeHook;
      expect(await exited(child)).toEqual({ code: 0, signal: null });
    } catch (error) {
      throw new Error(`${String(error)}\nchild output:\n${outputOf(child)}`);
    } finally {
      await inFlight?.catch(() => undefined);
      keepAlive.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
