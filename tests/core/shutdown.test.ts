/**
 * Power Off asked by the operator (issue 34): the kiosk says the robot is shutting down, and the robot going
 * dark raises no sync alert; a robot that powers on again ends it; a refused call says so.
 */
import { describe, expect, it } from 'vitest';
import { alertType } from '../../core/selectors';
import { booted, loggedIn } from './harness';

describe('power off', () => {
  it('says the robot is shutting down and raises no sync alert when it goes dark, until it is back', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/powerOffConfirmed' });
    expect(h.lastRequest('api/system/shutdown').method).toBe('PUT');
    expect(h.state.connection.shutdown).toBe('asked');
    h.answer('api/system/shutdown', {});
    h.ws('robot/disconnected');
    expect(h.state.connection.shutdown).toBe('off');
    // Past the first disconnect's 5 s debounce: the robot is off, and no sync alert says otherwise.
    h.advance(6_000);
    expect(h.state.connection.robot).toBe(false);
    expect(alertType(h.state)).toBeNull();
    h.send({ type: 'ws/closed' });
    expect(alertType(h.state)).toBeNull();
    // Powered on again: back to normal, and a later loss of the robot is a sync issue again.
    h.advance(5_000);
    h.send({ type: 'ws/opened' });
    h.ws('robot/connected');
    expect(h.state.connection.shutdown).toBe('idle');
    h.ws('robot/disconnected');
    h.advance(6_000);
    expect(alertType(h.state)).toBe('sync');
  });

  it('a refused shutdown says so, and Ok clears it', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/powerOffConfirmed' });
    h.answer('api/system/shutdown', 'internal', 500);
    expect(h.state.connection.shutdown).toBe('failed');
    h.send({ type: 'ui/shutdownNoticeDismissed' });
    expect(h.state.connection.shutdown).toBe('idle');
  });

  it('an unplanned loss of the robot still raises the sync alert', () => {
    const h = booted('/missions');
    h.ws('robot/disconnected');
    h.advance(6_000);
    expect(alertType(h.state)).toBe('sync');
  });
});
