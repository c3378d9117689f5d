/**
 * The catch-all "Coming soon" page is for paths the specification does not name: every path the core knows
 * (core/routes.ts), the index included (a replayed moment before the kiosk's start stands there), renders a
 * page of its own.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Routes } from '../../ui/routes';
import { FUX_PAGES, isKnownPath } from '../../core/routes';
import { renderWithCore, stateWith } from './render';

const NAMED = [
  '/',
  '/disclaimer', '/startup', '/user-dashboard', '/login', '/missions', '/missions/new-quick-mission', '/missions/new-path-mission',
  '/mission-data', '/diagnostic', '/map', '/mapping', '/mapping/wait', '/mapping/track', '/mapping/edit', '/node-lost', '/control',
  '/joints', '/movement/3', ...FUX_PAGES.map((p) => `/fux/${p}`),
];

describe('routes', () => {
  it('never shows "Coming soon" for a path the specification names', () => {
    for (const path of NAMED) {
      expect(path === '/' || isKnownPath(path), path).toBe(true);
      renderWithCore(<Routes />, stateWith({ route: { path } }));
      expect(screen.queryByText('Coming soon'), path).toBeNull();
      cleanup();
    }
    renderWithCore(<Routes />, stateWith({ route: { path: '/not-in-the-spec' } }));
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });
});
