/**
 * What entering or leaving a page starts or stops: the one place page hooks live. `step` hands these two to
 * `navigate` through the context (`ctx.pages`), which keeps navigate free of imports of the slices.
 */
import type { Ctx, DraftState } from './context';
import { clearTimer } from './timers';
import { enterStartup, exitStartup } from './startup/startup';
import { enterDateTime, forgetNewPin } from './wizard/wizard';
import { enterMissionsPage } from './missions/pages';
import { enterControl, enterJoints, leaveJoints } from './teleop/teleop';
import { joystickStopped } from './teleop/stream';
import { enterMissionData } from './data/missionData';
import { enterDiagnostic } from './data/diagnostics';
import { enterMapPage } from './map/pages';
import { enterSettings, leaveSettings, prefillSetup } from './settings/settingsPage';
import { controlLeft } from './teleop/manualLeave';

const PIN_PAGES = new Set(['/login', '/fux/first-access', '/fux/choose-new-pin', '/fux/confirm-pin']);

export function enterPage(d: DraftState, ctx: Ctx, path: string, _from: string): void {
  if (path === '/startup') enterStartup(d, ctx);
  if (path === '/fux/choose-date-time') enterDateTime(d, ctx);
  if (path.startsWith('/fux/')) prefillSetup(d);
  if (path === '/settings') enterSettings(d, ctx);
  // The new PIN is typed afresh each time its page shows.
  if (path === '/fux/choose-new-pin') forgetNewPin(d, ctx);
  if (PIN_PAGES.has(path)) d.setup.pinError = null;
  if (path === '/control') enterControl(d, ctx);
  if (path === '/joints') enterJoints(d, ctx);
  if (path === '/mission-data') enterMissionData(d, ctx);
  if (path === '/diagnostic') enterDiagnostic(d, ctx);
  d.setup.save = d.setup.save === 'pending' ? 'pending' : 'idle';
  d.setup.saveError = null;
  enterMissionsPage(d, ctx, path);
  enterMapPage(d, ctx, path);
}

export function leavePage(d: DraftState, ctx: Ctx, from: string, to: string): void {
  if (from === '/startup') exitStartup(d);
  if (from === '/fux/choose-date-time') clearTimer(d.timers, 'dateTimeMinute');
  if (from === '/control') {
    joystickStopped(d, ctx, 'page left');
    controlLeft(d, to);
  }
  if (from === '/joints') leaveJoints(d);
  if (from === '/settings') leaveSettings(d, ctx);
  // A typed PIN never outlives its page; the new PIN lives on only into its confirmation.
  if (from === '/login' || from === '/fux/first-access') ctx.effects.push({ type: 'secret/clear', name: 'pin' });
  if (from === '/fux/confirm-pin' || (from === '/fux/choose-new-pin' && to !== '/fux/confirm-pin')) {
    ctx.effects.push({ type: 'secret/clear', name: 'newPin' });
    d.setup.newPinHeld = false;
  }
}
