/**
 * The prerendered first screen (src/prerender.ts) and its hydration (src/render.tsx): the boot script's
 * addresses agree with the core's route rule, and the markup hydrates without a mismatch although the live
 * state differs (the clock), then shows the live state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { FIRST_SCREEN_PATH, firstScreenAddresses, showsFirstScreen } from '../../src/firstScreen';
import { prerenderFirstScreen } from '../../src/prerender';
import { MirrorStore } from '../../src/bridge/mirrorStore';
import { inertActions } from '../../src/bridge/actions';
import { provisionalState } from '../../core/state';
import { resolvePath } from '../../core/routes';
import type { LiveCore } from '../../src/liveCore';

describe('the first screen', () => {
  it('is the route of the index, and the boot script keeps its markup only where the page opens on it', () => {
    expect(FIRST_SCREEN_PATH).toBe(resolvePath('/', false).path);
    expect(firstScreenAddresses()).toEqual(['/', FIRST_SCREEN_PATH]);
    for (const path of firstScreenAddresses()) expect(showsFirstScreen(path)).toBe(true);
    for (const path of ['/missions', '/fux/hello', '/mapping/track', '/node-lost', '/nowhere', '/login']) expect(showsFirstScreen(path)).toBe(false);
  });

  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
  /** src/render.tsx keeps its one root for the page's life: a fresh copy of the module for each test. */
  const freshRender = async () => {
    vi.resetModules();
    return (await import('../../src/render')).renderApp;
  };

  it('hydrates the prerendered markup without a mismatch, then shows the live clock', async () => {
    const { html, path } = prerenderFirstScreen();
    expect(html).toContain('Welcome to the Node pilot');
    document.body.innerHTML = `<div id="root" data-prerendered="${path}">${html}</div>`;
    const errors = vi.spyOn(console, 'error');
    const store = new MirrorStore();
    const now = Date.UTC(2026, 10, 24, 9, 30, 15);
    store.replace(provisionalState(resolvePath('/', false).path, now));
    const firstScreenShown = vi.fn();
    const core: LiveCore = { store, actions: inertActions, claimed: Promise.resolve(true), firstScreenShown };
    const before = document.querySelector('.shell');
    const renderApp = await freshRender();
    await act(async () => renderApp(core));
    expect(errors).not.toHaveBeenCalled();
    // The worker is told once the first screen is committed (its start's sockets and calls wait for that).
    expect(firstScreenShown).toHaveBeenCalled(); // twice under StrictMode in development: the worker takes it once
    // Hydrated: the same elements, now with the live state.
    expect(document.querySelector('.shell')).toBe(before);
    expect(document.querySelector('[data-testid="clock"]')?.textContent).toMatch(/\d\d:30:15/);
    expect(store.hydratingFrom).toBeNull();
  });

  it('takes the worker\'s first push before the hydration commits without a mismatch, and shows it after', async () => {
    // The hydration is a transition (src/render.tsx): the worker's first push can land in the store before React
    // has rendered or committed it. The hydrating render still reads the prerendered state; the push shows after.
    const { html, path } = prerenderFirstScreen();
    document.body.innerHTML = `<div id="root" data-prerendered="${path}">${html}</div>`;
    const errors = vi.spyOn(console, 'error');
    const store = new MirrorStore();
    store.replace(provisionalState(resolvePath('/', false).path, Date.UTC(2026, 10, 24, 9, 30, 15)));
    const firstScreenShown = vi.fn();
    const core: LiveCore = { store, actions: inertActions, claimed: Promise.resolve(true), firstScreenShown };
    const before = document.querySelector('.shell');
    const renderApp = await freshRender();
    await act(async () => {
      renderApp(core);
      expect(firstScreenShown).not.toHaveBeenCalled();
      const pushed = provisionalState(resolvePath('/', false).path, Date.UTC(2026, 10, 24, 9, 31, 42));
      store.apply(pushed);
      expect(store.hydratingFrom).not.toBeNull(); // not committed yet
    });
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelector('.shell')).toBe(before);
    expect(document.querySelector('[data-testid="clock"]')?.textContent).toMatch(/\d\d:31:42/);
  });

  it('renders afresh where the page shows another route than the markup', async () => {
    const { html, path } = prerenderFirstScreen();
    document.body.innerHTML = `<div id="root" data-prerendered="${path}">${html}</div>`;
    const store = new MirrorStore();
    store.replace(provisionalState('/startup', Date.now()));
    const firstScreenShown = vi.fn();
    const core: LiveCore = { store, actions: inertActions, claimed: Promise.resolve(true), firstScreenShown };
    const renderApp = await freshRender();
    await act(async () => renderApp(core));
    expect(document.querySelector('[data-testid="startup-logo"]')).not.toBeNull();
    expect(firstScreenShown).toHaveBeenCalled(); // twice under StrictMode in development: the worker takes it once
    expect(document.body.textContent).not.toContain('Welcome to the Node pilot');
  });
});
