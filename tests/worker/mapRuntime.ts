/** A live runtime logged in on /map of a robot whose latest map is `image`, with the map decoder the test gives. */
import { expect } from 'vitest';
import type { MapDecoderLoader } from '../../worker/mapImages';
import { KioskRuntime } from '../../worker/runtime';
import { FakePorts } from './fakePorts';

export const MAP_GEOMETRY = { origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } };

export async function mapRuntime(image: string, loadDecoder: MapDecoderLoader): Promise<{ ports: FakePorts; runtime: KioskRuntime }> {
  const ports = new FakePorts();
  ports.handler = (_method, p, body) => {
    if (p === '/healthz') return { status: 200, body: { data: { ok: true } } };
    if (p === '/api/settings') return { status: 200, body: { data: { language: 'en', accepted_terms_of_service: true, has_superadmin_pin: true } } };
    if (p === '/api/auth/login') return { status: 200, body: { data: { isCorrect: (body as { pin: string }).pin === '246810' } } };
    if (p === '/api/map/latest') return { status: 200, body: { data: { image, ...MAP_GEOMETRY } } };
    return { status: 404, body: { error: { code: 'not_found', message: p } } };
  };
  const runtime = new KioskRuntime(ports, undefined, loadDecoder);
  runtime.start('/login');
  await ports.settle();
  ports.socket('ws').accept();
  ports.socket('ws').push({ event: 'robot/connected', data: {} });
  runtime.submitPin('login', '246810');
  await ports.settle();
  runtime.dispatch({ type: 'ui/navigated', path: '/map' });
  await ports.settle();
  expect(runtime.snapshot().route.path).toBe('/map');
  return { ports, runtime };
}
