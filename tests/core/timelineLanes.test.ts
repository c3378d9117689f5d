/**
 * The timeline's operator lane (issue 32: what the operator tapped, one line per action, touches and joystick
 * streams left out) and the kiosk's marked starts and reloads (a reload is no network drop). The index finds
 * both exactly as a one-event-at-a-time fold does (core/log/markers.ts reads them from the event itself).
 */
import { describe, expect, it } from 'vitest';
import type { CoreEvent, StartReason } from '../../core/events';
import { replay } from '../../core/log/replay';
import { SeekIndexBuilder, scanMarkerBlock } from '../../core/log/seek';
import { eventList } from '../../core/log/logEvents';
import { describeChanges, type TimelineEntry } from '../../core/log/timeline';
import { loggedIn, COMPLETE_SETTINGS } from './harness';
import { RecordingHarness } from './mapHelpers';

function oneByOne(events: readonly CoreEvent[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  replay(events, { onStep: (a, b, e) => out.push(...describeChanges(a, b, e)) });
  return out;
}

/** The index's markers, found while loading and block by block later, must both be the one-by-one fold's. */
function expectIndexFinds(events: readonly CoreEvent[], expected: TimelineEntry[]): void {
  for (const every of [3, 2_000]) {
    const builder = new SeekIndexBuilder(undefined, every);
    for (let i = 0; i < events.length; i += 5) builder.add(events.slice(i, i + 5));
    expect(builder.finish(eventList(events)).markers).toEqual(expected);
    const bare = new SeekIndexBuilder(undefined, every, false);
    bare.add(events);
    const index = bare.finish(eventList(events));
    const later: TimelineEntry[] = [];
    const scan = { next: 0, state: index.snapshots[0]! };
    for (let found = scanMarkerBlock(index, scan); found; found = scanMarkerBlock(index, scan)) later.push(...found);
    expect(later).toEqual(expected);
  }
}

const lines = (entries: TimelineEntry[], kind: TimelineEntry['kind'], from = 0) =>
  entries.filter((e) => e.kind === kind && e.at >= from).map((e) => e.text);

describe('the operator lane', () => {
  // Logged in on /control, the teleop socket up in manual mode: touches, two joystick holds, a preset, a menu tap.
  const h = loggedIn('/control', COMPLETE_SETTINGS, new RecordingHarness());
  h.send({ type: 'teleop/opened' });
  h.send({ type: 'teleop/message', message: { op: 'manual_mode_status', payload: { actual_mode: { mode: 'MANUAL' } } } });
  h.advance(1_000);
  const from = h.now;
  h.send({ type: 'ui/activity' });
  for (const lvx of [0.2, 0.4, 0.6]) {
    h.send({ type: 'ui/joystickMoved', lvx, lvy: 0, avz: 0 });
    h.send({ type: 'ui/activity' });
    h.advance(100);
  }
  h.send({ type: 'ui/joystickReleased', reason: 'release' });
  h.advance(1_000);
  h.send({ type: 'ui/joystickMoved', lvx: -0.5, lvy: 0, avz: 0.25 });
  h.advance(100);
  h.send({ type: 'ui/joystickMoved', lvx: -0.5, lvy: 0, avz: 0.5 });
  h.send({ type: 'ui/pageHidden' });
  h.advance(1_000);
  h.send({ type: 'ui/navigated', path: '/missions' });
  const entries = oneByOne(h.log);

  it('shows each action once, summarised, before what it changed; touches and the moves within a hold are left out', () => {
    expect(lines(entries, 'operator', from)).toEqual([
      'joystickMoved {"lvx":0.2,"lvy":0,"avz":0}',
      'joystickReleased {"reason":"release"}',
      'joystickMoved {"lvx":-0.5,"lvy":0,"avz":0.25}',
      'pageHidden',
      'navigated {"path":"/missions"}',
    ]);
    // The login before it: the tap on the PIN pad (no PIN in the log or the line), then where it led.
    expect(lines(entries, 'operator')).toContain('pinSubmitted {"purpose":"login"}');
    const menu = entries.filter((e) => e.at === h.now);
    expect(menu.map((e) => `${e.kind} ${e.text}`)).toEqual(['operator navigated {"path":"/missions"}', 'route /control -> /missions']);
  });

  it('a joystick press the core does not take (another operator drives) starts no hold, and none of its moves shows', () => {
    const off = loggedIn('/control', COMPLETE_SETTINGS, new RecordingHarness());
    off.send({ type: 'teleop/opened' });
    off.send({ type: 'teleop/message', message: { op: 'busy', payload: {} } });
    expect(off.state.teleop.busy).toBe(true);
    off.advance(1_000);
    const start = off.now;
    for (const lvx of [0.2, 0.4]) off.send({ type: 'ui/joystickMoved', lvx, lvy: 0, avz: 0 });
    off.send({ type: 'ui/joystickReleased', reason: 'cancel' });
    expect(lines(oneByOne(off.log), 'operator', start)).toEqual(['joystickReleased {"reason":"cancel"}']);
  });

  it('the index finds them as a one-event-at-a-time fold does', () => {
    expectIndexFinds(h.log, entries);
  });
});

describe('the kiosk started and reloaded', () => {
  // A first start, a session on /missions, then the page reloaded 5 s later and connecting again.
  const h = loggedIn('/missions', COMPLETE_SETTINGS, new RecordingHarness());
  h.advance(5_000);
  const reloadAt = h.now;
  h.send({ type: 'shell/started', path: '/missions', seed: 7, clientId: 'again', sessions: true });
  h.advance(60);
  h.send({ type: 'ws/opened' });
  h.ws('robot/connected');
  h.advance(10_000);
  /** The log as recorded since issue 32: each start with the reason the shell gave. */
  const reasons: StartReason[] = ['start', 'reload'];
  let n = 0;
  const marked = h.log.map((e) => (e.type === 'shell/started' ? { ...e, reason: reasons[n++]! } : e));
  const entries = oneByOne(marked);
  const old = oneByOne(h.log);
  const at = (list: TimelineEntry[], t: number) => list.filter((e) => e.at === t).map((e) => `${e.kind} ${e.text}`);

  it('says so on the connection lane, and the reload drops no connection and raises no alert', () => {
    expect(at(entries, h.log[0]!.at)[0]).toBe('connection kiosk started');
    expect(at(entries, reloadAt)).toEqual(['connection kiosk reloaded', 'route /missions -> /user-dashboard']);
    // Connecting again after it is shown as at the first start. A start reaching the robot within the 5 s
    // debounce raises no sync alert at all (issue 42): neither start nor the reload shows one.
    expect(lines(entries, 'connection', reloadAt)).toEqual(['kiosk reloaded', 'backend connected', 'robot connected']);
    expect(lines(entries, 'alert', reloadAt)).toEqual([]);
    expect(lines(entries, 'alert')).toEqual([]);
  });

  it('an old log (no reason on its starts) gives the timeline it always gave', () => {
    expect(at(old, reloadAt)).toEqual(['route /missions -> /user-dashboard', 'connection backend disconnected', 'connection robot disconnected']);
    // Apart from the starts' own lines and the reload's, the two timelines are the same.
    const others = (list: TimelineEntry[]) => list.filter((e) => e.at !== reloadAt && !/^kiosk /.test(e.text));
    expect(others(entries)).toEqual(others(old));
    expect(replay(marked)).toEqual(replay(h.log));
  });

  it('the index finds them as a one-event-at-a-time fold does', () => {
    expectIndexFinds(marked, entries);
    expectIndexFinds(h.log, old);
  });
});
