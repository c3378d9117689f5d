/**
 * Debian's Chromium driven over the DevTools protocol directly (`--remote-debugging-pipe`), without Playwright,
 * for measurements Playwright would disturb: Playwright attaches to every new page and worker with
 * `waitForDebuggerOnStart` and lets each run only after its own set-up round trip to the Node process (in a traced
 * load the app's worker thread was ready at 68 ms and fetched its script at 113 ms), and it enables the Runtime
 * domain and adds a utility world to every page. Here nothing attaches by itself: a page runs as a kiosk's would,
 * and is looked at only through the commands a caller sends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS } from '../../playwright.config';

/**
 * The switches Playwright (playwright-core 1.65's `chromiumSwitches` and its headless additions) launches Chromium
 * with, copied so that a page here runs in the same browser as under Playwright (paint holding off, no
 * background networking, and the rest). Under both, a new headless window also loads Chromium's WebUI omnibox
 * popup in renderers of its own (some 400 requests traced during one load, with either driver): noise both share.
 */
const PLAYWRIGHT_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--unsafely-disable-devtools-self-xss-warnings',
  '--enable-unsafe-swiftshader',
  '--disable-stack-profiler',
  '--disable-infobars',
  '--disable-sync',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--no-sandbox',
];

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  method: string;
}

/** A browser of its own, with a temporary profile; `send` is one protocol command (on a page's session if given). */
export class PipeChromium {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffered = '';
  private exited = false;
  /** Called with each protocol event (`Tracing.dataCollected` and the like); none is kept otherwise. */
  onEvent: ((method: string, params: Record<string, unknown>) => void) | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
    private readonly profile: string,
  ) {
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (text: string) => this.receive(text));
    const gone = (why: string) => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`Chromium ${why} during ${p.method}`));
      this.pending.clear();
    };
    child.on('exit', () => gone('exited'));
    child.on('error', (error) => gone(`failed (${error.message})`));
    toBrowser.on('error', (error) => gone(`closed its pipe (${error.message})`));
  }

  static async launch(): Promise<PipeChromium> {
    const profile = mkdtempSync(join(tmpdir(), 'kiosk-pipe-chromium-'));
    const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const args = [...PLAYWRIGHT_SWITCHES, ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--no-startup-window'];
    // fd 3: commands to the browser; fd 4: its answers and events (each message ends with a NUL).
    const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    child.stderr!.resume();
    const browser = new PipeChromium(child, child.stdio[3] as Writable, child.stdio[4] as Readable, profile);
    try {
      await browser.send('Browser.getVersion');
    } catch (error) {
      await browser.close();
      throw error;
    }
    return browser;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`Chromium has exited: ${method}`));
    const id = this.nextId++;
    this.toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (r: unknown) => void, reject, method }));
  }

  async close(): Promise<void> {
    if (!this.exited) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      await this.send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (!this.exited) this.child.kill('SIGKILL');
    }
    rmSync(this.profile, { recursive: true, force: true });
  }

  private receive(text: string): void {
    this.buffered += text;
    for (let end = this.buffered.indexOf('\0'); end >= 0; end = this.buffered.indexOf('\0')) {
      const message = JSON.parse(this.buffered.slice(0, end)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
      };
      this.buffered = this.buffered.slice(end + 1);
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) {
        if (message.method) this.onEvent?.(message.method, message.params ?? {});
        continue;
      }
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
    }
  }
}
