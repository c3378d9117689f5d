/**
 * Runs the live runtime's login path in a worker thread for pinHeap.test.ts, so the test can take a heap
 * snapshot of this isolate alone. The PIN arrives by message and is never kept by this script.
 */
import { parentPort } from 'node:worker_threads';
import { KioskRuntime } from '../../worker/runtime';
import { FakePorts } from './fakePorts';

const SETTINGS = {
  language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true,
  has_superadmin_pin: true, load_location_layout_left: 1, load_location_layout_right: 2,
};

const port = parentPort!;
const ports = new FakePorts();
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (openGate = resolve));
ports.handler = (_method, path) => {
  if (path === '/healthz') return { status: 200, body: { data: { ok: true } } };
  if (path === '/api/settings') return { status: 200, body: { data: SETTINGS } };
  if (path === '/api/auth/login') return { status: 200, body: { data: { isCorrect: true } } };
  if (path === '/api/map/latest') return { status: 200, body: { data: {} } };
  return { status: 404, body: { error: { code: 'not_found', message: path } } };
};
// The login call waits for the test's go, so it can look at the heap while the PIN is legitimately held.
const answer = ports.fetch;
ports.fetch = async (url, init) => {
  if (url.endsWith('/api/auth/login')) await gate;
  return answer(url, init);
};
const runtime = new KioskRuntime(ports);

port.on('message', (message: { kind: 'login'; pin: string } | { kind: 'go' }) => {
  void (message.kind === 'login' ? submit(message.pin) : finish());
});

async function submit(pin: string): Promise<void> {
  runtime.start('/login');
  await ports.advance(20);
  ports.socket('ws').accept();
  runtime.submitPin('login', pin);
  await ports.settle();
  port.postMessage({ kind: 'held' });
}

async function finish(): Promise<void> {
  openGate();
  await ports.advance(100);
  // The fake back end's own call log would hold the request body; it is the test's, not the app's.
  ports.calls.length = 0;
  const s = runtime.snapshot();
  port.postMessage({ kind: 'done', login: s.session.login, path: s.route.path });
}
