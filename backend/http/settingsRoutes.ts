/** Health, settings (and the PIN change), date and time, reset and shutdown. The PIN checks are authRoutes.ts. */
import type { App } from '../app';
import type { SettingKey } from '../db/settingsRepo';
import { unauthenticated } from './access';
import { countedCheck, pinClient } from './authRoutes';
import { ApiError, type Router, validate } from './router';
import { datetimeBody, settingsPatch } from './schemas';
/** How long the simulated robot stays off after a shutdown before it "boots" again, simulated ms. */
const POWER_OFF_MS = 15_000;

/** Registers the settings-area calls. */
export function settingsRoutes(r: Router, app: App): void {
  r.on('GET', '/healthz', () => ({ ok: true }));
  r.on('GET', '/api/settings', () => app.store.settings.get());

  r.on('PATCH', '/api/settings', async ({ req, res, body, caller }) => {
    // Without a session this call got here only because no PIN exists yet (http/access.ts): creating the PIN
    // still needs the first-use session.
    if (!caller.session && isObject(body) && 'superadmin_pin' in body) throw unauthenticated();
    const p = validate(settingsPatch, body);
    const { superadmin_pin, current_pin, has_superadmin_pin: _readOnly, ...fields } = p;
    if (current_pin !== undefined && superadmin_pin === undefined)
      throw new ApiError(400, 'invalid_request', 'current_pin: only sent with superadmin_pin, to change the PIN');
    if (superadmin_pin !== undefined && app.store.settings.get().has_superadmin_pin) {
      // Changing the PIN in force takes that PIN, checked under the login lockout (api.md). A missing one is no
      // guess, so it does not count; a wrong one does.
      const check = () => app.store.settings.checkPinAsync(current_pin as string);
      const right = current_pin !== undefined && (await countedCheck(app, pinClient(req, caller), res, check));
      if (!right) throw new ApiError(403, 'wrong_pin', 'changing the PIN needs current_pin, the PIN in force');
      // The check took a while: another session's PIN change may have ended this one meanwhile.
      if (!app.sessions.isLive(caller.session)) throw unauthenticated();
    }
    app.store.settings.patch(fields as Partial<Record<SettingKey, unknown>>, superadmin_pin);
    // A PIN set or changed ends every other session (api.md), a first-use one taken during set-up included; the
    // session that made the change stays.
    if (superadmin_pin !== undefined) app.sessions.endAllExcept(caller.session);
    return app.store.settings.get();
  });

  r.on('POST', '/api/datetime', ({ body }) => {
    const { date, time } = validate(datetimeBody, body);
    // The kiosk sends wall-clock digits; the robot keeps UTC, so they are taken as UTC.
    app.clock.setNow(Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`));
    return {};
  });

  // The disclaimer calls this on every start; what it resets is not specified, so it changes nothing here.
  r.on('GET', '/api/reset-prize', () => ({}));

  r.on('PUT', '/api/system/shutdown', () => {
    // The simulator process keeps running: the robot goes dark, then boots again, so a demo can carry on.
    app.world.persist();
    app.clock.after(500, () => app.world.setConnected(false));
    app.clock.after(POWER_OFF_MS, () => app.world.setConnected(true));
    return {};
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}
