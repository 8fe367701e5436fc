/** `npm start`'s entry point in a real child process: it starts, prints where it runs, and SIGTERM stops it cleanly. */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { waitFor } from '@dv/kit/testing';

describe('standalone main (child process)', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-standalone-main-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the URLs and the demo users, serves, and exits 0 on SIGTERM with every port closed', async () => {
    const started = fork(path.join(__dirname, 'main.ts'), [], {
      execArgv: ['--require', path.join(__dirname, 'testing', 'workspace-register.cjs')],
      env: { ...process.env, PORT: '0', IDP_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));

    await waitFor(() => output.includes('staff@demo.test') || started.exitCode !== null, 'the banner', 45_000);
    expect(output).toMatch(/web app and API\s+http:\/\/localhost:\d+/);
    expect(output).toMatch(/identity provider\s+http:\/\/localhost:\d+/);
    expect(output).toContain('password "demo"');
    const port = Number(/web app and API\s+http:\/\/localhost:(\d+)/.exec(output)?.[1]);
    const idpPort = Number(/identity provider\s+http:\/\/localhost:(\d+)/.exec(output)?.[1]);

    const features = await request(`http://127.0.0.1:${port}/api/features`, { headers: { host: 'demo.localhost' } });
    expect(features.statusCode).toBe(200);
    await features.body.dump();

    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped');
    for (const closed of [port, idpPort]) {
      await expect(request(`http://127.0.0.1:${closed}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    }
  });
});
