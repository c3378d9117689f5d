/** Health, settings, PIN checks, date and time, reset and shutdown. */
import type { App } from '../app';
import type { SettingKey } from '../db/settingsRepo';
import { ApiError, type Router, validate } from './router';
import { datetimeBody, pinBody, settingsPatch } from './schemas';

/** The first-access PIN (api.md: "the initial demo PIN"); documented in backend/README.md. */
export const DEMO_PIN = '123456';
/** How long the simulated robot stays off after a shutdown before it "boots" again, simulated ms. */
const POWER_OFF_MS = 15_000;

/** Registers the settings-area calls. */
export function settingsRoutes(r: Router, app: App): void {
  r.on('GET', '/healthz', () => ({ ok: true }));
  r.on('GET', '/api/settings', () => app.store.settings.get());

  r.on('PATCH', '/api/settings', ({ body }) => {
    const p = validate(settingsPatch, body);
    const { superadmin_pin, has_superadmin_pin: _readOnly, ...fields } = p;
    app.store.settings.patch(fields as Partial<Record<SettingKey, unknown>>, superadmin_pin);
    return app.store.settings.get();
  });

  r.on('POST', '/api/auth', ({ body }) => {
    const { pin } = validate(pinBody, body);
    return { isCorrect: pin === DEMO_PIN };
  });

  r.on('POST', '/api/auth/login', ({ body }) => {
    const { pin } = validate(pinBody, body);
    const wait = app.login.lockedFor();
    if (wait > 0)
      throw new ApiError(429, 'too_many_attempts', `too many wrong PINs; try again in ${Math.ceil(wait / 1000)} s`);
    const ok = app.store.settings.checkPin(pin);
    app.login.record(ok);
    return { isCorrect: ok };
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
