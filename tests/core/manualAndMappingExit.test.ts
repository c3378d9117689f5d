import { describe, expect, it } from 'vitest';
import { loggedIn } from './harness';

const mode = (m: 'MANUAL' | 'NORMAL') => ({ type: 'teleop/message' as const, message: { op: 'manual_mode', payload: { actual_mode: { mode: m } } } });
const teleopSends = (effects: { type: string }[]) => effects.filter((e) => e.type === 'teleop/send').map((e) => (e as unknown as { message: Record<string, unknown> }).message);

describe('leaving /control in manual mode', () => {
  it('asks whether to switch back to normal; yes sends NORMAL, and the question goes', () => {
    const h = loggedIn('/control');
    h.send({ type: 'teleop/opened' });
    h.send(mode('MANUAL'));
    expect(h.state.teleop.askNormal).toBe(false);
    h.send({ type: 'ui/navigated', path: '/missions' });
    expect(h.state.teleop.askNormal).toBe(true);
    const effects = h.send({ type: 'ui/manualLeaveAnswered', normal: true });
    expect(teleopSends(effects)).toEqual([{ client_id: 'test-client', op: 'manual_mode', mode: 'NORMAL' }]);
    expect(h.state.teleop.askNormal).toBe(false);
  });

  it('no keeps manual mode and sends nothing; leaving in normal mode asks nothing', () => {
    const h = loggedIn('/control');
    h.send({ type: 'teleop/opened' });
    h.send(mode('MANUAL'));
    h.send({ type: 'ui/navigated', path: '/missions' });
    expect(teleopSends(h.send({ type: 'ui/manualLeaveAnswered', normal: false }))).toEqual([]);
    expect(h.state.teleop).toMatchObject({ askNormal: false, mode: 'MANUAL' });

    const g = loggedIn('/control');
    g.send({ type: 'teleop/opened' });
    g.send(mode('NORMAL'));
    g.send({ type: 'ui/navigated', path: '/missions' });
    expect(g.state.teleop.askNormal).toBe(false);
    // An answer with no question pending sends nothing.
    expect(teleopSends(g.send({ type: 'ui/manualLeaveAnswered', normal: true }))).toEqual([]);
  });
});

describe('/mapping/wait Exit', () => {
  it('stops mapping, then follow-me, then goes to /missions', () => {
    const h = loggedIn('/mapping/wait');
    h.send({ type: 'ui/mappingPanel', action: 'exitWait' });
    expect(h.lastRequest('api/mapping/stop').method).toBe('POST');
    expect(h.state.mapEdit.busy).toBe(true);
    expect(h.state.route.path).toBe('/mapping/wait');
    // A second press while stopping sends nothing more.
    h.send({ type: 'ui/mappingPanel', action: 'exitWait' });
    expect(h.requests('api/mapping/stop')).toHaveLength(1);
    h.answer('api/mapping/stop', {});
    expect(h.lastRequest('api/follow-me/stop').method).toBe('POST');
    h.answer('api/follow-me/stop', {});
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.mapEdit.busy).toBe(false);
  });

  it('a robot that was not mapping (409) still stops follow-me; a 500 stays and says so', () => {
    const h = loggedIn('/mapping/wait');
    h.send({ type: 'ui/mappingPanel', action: 'exitWait' });
    h.answer('api/mapping/stop', 'conflict', 409);
    h.answer('api/follow-me/stop', 'conflict', 409);
    expect(h.state.route.path).toBe('/missions');

    const g = loggedIn('/mapping/wait');
    g.send({ type: 'ui/mappingPanel', action: 'exitWait' });
    g.answer('api/mapping/stop', 'internal', 500);
    expect(g.state.route.path).toBe('/mapping/wait');
    expect(g.state.mapEdit).toMatchObject({ busy: false, error: { what: 'end' } });
  });

  it('does nothing on another page', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/mappingPanel', action: 'exitWait' });
    expect(h.requests('api/mapping/stop')).toEqual([]);
  });

  it('going between /control and /joints is not leaving teleop; leaving /joints for elsewhere asks (issue 34)', () => {
    const h = loggedIn('/control');
    h.send({ type: 'teleop/opened' });
    h.send(mode('MANUAL'));
    h.send({ type: 'ui/navigated', path: '/joints' });
    expect(h.state.route.path).toBe('/joints');
    expect(h.state.teleop.askNormal).toBe(false);
    h.send({ type: 'ui/navigated', path: '/control' });
    expect(h.state.teleop.askNormal).toBe(false);
    h.send({ type: 'ui/navigated', path: '/joints' });
    h.send({ type: 'ui/navigated', path: '/diagnostic' });
    expect(h.state.teleop.askNormal).toBe(true);
  });
});
