/**
 * Runs a real `eform` server for the end-to-end scenarios: a fresh data dir seeded with the demo
 * data, `eform serve` on a free loopback port with the built web app, and stop/restart so a
 * scenario can take the server away (offline with the server down).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { accessSync, constants, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = join(WEB_DIR, 'dist');

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** The server binary: $EFORM_BIN, default ../target/release/eform relative to web/. */
export function serverBinary(): string {
  return resolve(WEB_DIR, process.env.EFORM_BIN ?? '../target/release/eform');
}

export function checkPrerequisites(): void {
  const bin = serverBinary();
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    throw new Error(`server binary ${bin} is missing or not executable (set EFORM_BIN or build it: cargo build --release)`);
  }
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(`${DIST_DIR}/index.html is missing: run \`npm run build\` first`);
  }
}

export class EformServer {
  readonly dataDir: string;
  readonly logFile: string;
  readonly port: number;
  private process: ChildProcess | null = null;

  private constructor(dataDir: string, port: number) {
    this.dataDir = dataDir;
    this.port = port;
    this.logFile = join(dataDir, 'server.log');
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Seeds a fresh data dir and starts the server; resolves once /healthz answers 200. */
  static async start(): Promise<EformServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'eform-e2e-'));
    try {
      await run(serverBinary(), ['seed', 'demo', '--data-dir', dataDir], { timeout: 120_000 });
      const server = new EformServer(dataDir, await freePort());
      await server.resume();
      return server;
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Starts (again) on the same port and data dir. */
  async resume(): Promise<void> {
    if (this.process) throw new Error('server already running');
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(
      serverBinary(),
      ['serve', '--data-dir', this.dataDir, '--bind', `127.0.0.1:${this.port}`, '--web-dir', DIST_DIR],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        // Webhook receivers of the scenarios listen on loopback, which the server refuses by default.
        // NO_COLOR: the log goes to a file and into failure messages, where colour codes are noise.
        env: { ...process.env, EFORM_PUBLIC_BASE_URL: this.baseUrl, EFORM_WEBHOOK_ALLOW_PRIVATE: 'true', NO_COLOR: '1' },
      },
    );
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.process = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`eform serve exited early (code ${code}, signal ${signal}):\n${this.logTail()}`)),
      ),
    );
    exited.catch(() => undefined); // observed below; never an unhandled rejection
    await Promise.race([this.waitHealthy(), exited]);
  }

  /** Stops the server process (SIGTERM, then SIGKILL after 10 s); the data dir stays. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.resume();
  }

  /** Stops the server and removes its data dir. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  logTail(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  }

  private async waitHealthy(): Promise<void> {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`${this.baseUrl}/healthz`);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no 200 from ${this.baseUrl}/healthz within ${HEALTH_TIMEOUT_MS} ms:\n${this.logTail()}`);
  }
}

/** A loopback port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
