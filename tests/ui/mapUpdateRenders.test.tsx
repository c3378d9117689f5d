/**
 * A live map update (once a second while mapping: a new version, a new robot pose, the same geometry) must not
 * render the map view: the robot moves by a transform written from a store listener, the version on show is
 * written on the element. Renders are counted with React's Profiler (every commit under it calls onRender).
 */
import { Profiler } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/map.en.json';
import it_ from '../../locales/areas/map.it.json';
import { MapView } from '../../ui/map/MapView';
import { MappingTrackPage } from '../../ui/map/MappingTrackPage';
import { robotTransform } from '../../ui/map/RobotMarker';
import { pictureSource } from '../../src/bridge/mapBitmap';
import type { CoreActions } from '../../src/bridge/actions';
import { initialMapEdit } from '../../core/map/mapState';
import type { State } from '../../core/state';
import { renderWithCore, stateWith } from './render';

addStrings({ en, it: it_ });

// jsdom has no ResizeObserver; the view only uses it to fit the map again when its box changes.
const hadObserver = 'ResizeObserver' in globalThis;
beforeAll(() => {
  if (!hadObserver)
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      observe() {}
      disconnect() {}
    };
});
afterAll(() => {
  if (!hadObserver) delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

const map = (version: number, robot: { x: number; y: number; orientation: number } | null, resolution = 0.05): State['map'] => ({
  version,
  // A fresh object each time, as every update's parsed frame brings one.
  origin: { x: -5, y: -2.5 },
  resolution,
  robot,
  width: 200,
  height: 100,
});

function renderCounted(state: State, page = <MapView onTap={() => undefined} showPins={false} />) {
  let commits = 0;
  const r = renderWithCore(
    <Profiler id="map" onRender={() => void commits++}>
      {page}
    </Profiler>,
    state,
  );
  return { ...r, commits: () => commits };
}

/** A picture shown as if the worker behind `actions` had put it on its surface. */
const showPicture = (r: { actions: CoreActions }, picture: { version: number; width: number; height: number }) =>
  act(() => pictureSource(r.actions).shown(picture));

describe('map view under live updates', () => {
  it('on /mapping/track, a map update (new version and pose, same geometry) renders nothing, moves the robot and shows the version', () => {
    const r = renderCounted(stateWith({ map: map(1, { x: 0, y: 0, orientation: 0 }), follow: { following: true } }), <MappingTrackPage />);
    showPicture(r, { version: 1, width: 200, height: 100 });
    expect(screen.getByTestId('track-status').textContent).toBe("I'm mapping...");
    const view = screen.getByTestId('map-view');
    const robot = screen.getByTestId('map-robot');
    const frame = { origin: { x: -5, y: -2.5 }, resolution: 0.05, height: 100 };
    expect(view.dataset.mapVersion).toBe('1');
    expect(robot.style.transform).toBe(robotTransform(frame, { x: 0, y: 0, orientation: 0 }));
    const before = r.commits();

    for (let v = 2; v <= 4; v++) {
      const pose = { x: v * 0.5, y: 1, orientation: v * 15 };
      act(() => r.push({ map: map(v, pose) }));
      showPicture(r, { version: v, width: 200, height: 100 });
      expect(robot.style.transform).toBe(robotTransform(frame, pose));
      expect(view.dataset.mapVersion).toBe(String(v));
    }
    expect(r.commits()).toBe(before);
    // The overlay canvas is left out: nothing to draw on it on the tracking page.
    expect(view.querySelector('canvas.map-canvas')).toBeNull();
  });

  it('a new geometry or picture size renders and places the robot on the new frame; a lost pose hides it', () => {
    const pose = { x: 1, y: 1, orientation: 90 };
    const r = renderCounted(stateWith({ map: map(5, pose) }));
    showPicture(r, { version: 5, width: 200, height: 100 });
    const robot = screen.getByTestId('map-robot');
    const before = r.commits();

    act(() => r.push({ map: map(6, pose, 0.1) }));
    expect(r.commits()).toBeGreaterThan(before);
    expect(robot.style.transform).toBe(robotTransform({ origin: { x: -5, y: -2.5 }, resolution: 0.1, height: 100 }, pose));

    const afterGeometry = r.commits();
    showPicture(r, { version: 7, width: 300, height: 100 });
    expect(r.commits()).toBeGreaterThan(afterGeometry);

    act(() => r.push({ map: map(8, null, 0.1) }));
    expect(screen.getByTestId('map-robot').hidden).toBe(true);
  });

  it('the overlay canvas is there while it has something to draw', () => {
    const r = renderCounted(stateWith({ map: map(9, null) }));
    showPicture(r, { version: 9, width: 200, height: 100 });
    const view = screen.getByTestId('map-view');
    expect(view.querySelector('canvas.map-canvas')).toBeNull();
    act(() => r.push({ mapEdit: { ...initialMapEdit(), zones: [{ id: 1, x: 10, y: 10, width: 20, height: 20 }] } }));
    expect(view.querySelector('canvas.map-canvas')).not.toBeNull();
    // The map keeps its accessible name without the overlay.
    act(() => r.push({ mapEdit: initialMapEdit() }));
    expect(view.querySelector('canvas.map-canvas')).toBeNull();
    expect(screen.getByRole('img', { name: 'Map of the work area' })).toBeTruthy();
  });

  it("keeps each worker's pictures to its own views (the replay page shows a replayed map beside the live app)", () => {
    const live = renderCounted(stateWith({ map: map(3, null) }));
    const replayed = renderCounted(stateWith({ map: map(3, null) }));
    const [liveView, replayedView] = screen.getAllByTestId('map-view') as [HTMLElement, HTMLElement];
    showPicture(live, { version: 3, width: 200, height: 100 });
    expect(liveView.dataset.mapVersion).toBe('3');
    expect(replayedView.dataset.mapVersion).toBe('0');
    showPicture(replayed, { version: 1, width: 400, height: 300 });
    expect(replayedView.dataset.mapVersion).toBe('1');
    // Each view holds its own source's canvases (one per picture level), sized to its own picture.
    const pictureOf = (view: HTMLElement) => view.querySelector<HTMLElement>('.map-picture');
    const canvasOf = (view: HTMLElement) => view.querySelector<HTMLCanvasElement>('canvas.map-picture-level');
    expect(pictureOf(liveView)?.style.width).toBe('200px');
    expect(pictureOf(replayedView)?.style.width).toBe('400px');
    expect(canvasOf(liveView)?.style.width).toBe('200px');
    expect(canvasOf(replayedView)?.style.width).toBe('400px');
    expect(canvasOf(liveView)).not.toBe(canvasOf(replayedView));
  });
});
