/**
 * The replay page's event list against a fake replay worker of 100,000 events: it draws only the rows in view,
 * scrolls through the whole log asking for rows by their place, follows the cursor, and a row opens its event
 * whole, whose reason the one-line summary cuts off.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../ui/replay/strings';
import { EventList, ROW_PX, type EventRows } from '../../ui/replay/EventList';
import { MAX_SCROLL_PX, rowGeometry, scrollFor } from '../../ui/replay/useRowWindow';
import { SidePanels } from '../../ui/replay/SidePanels';
import type { EventRow } from '../../worker/replayApi';
import { renderWithCore } from './render';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const TOTAL = 100_000;
/** Event `i` is at T + 10 i ms; event 61,234 failed a mission with a reason past the summary's cut. */
const FAILED = 61_234;
const row = (i: number): EventRow => ({ index: i, at: T + i * 10, type: i === FAILED ? 'http/response' : 'ws/message', summary: i === FAILED ? `#9 200 {"data":{"status":"failed","detail":"${'x'.repeat(120)}…` : `robot/tick {"n":${i}}` });

function fakeWorker() {
  const asked: { first: number; count: number }[] = [];
  const remote: EventRows = {
    eventRows: async (first, count) => {
      asked.push({ first, count });
      return Array.from({ length: Math.max(0, Math.min(count, TOTAL - first)) }, (_, k) => row(first + k));
    },
    eventsNear: async (at) => {
      const current = Math.min(TOTAL - 1, Math.floor((at - T) / 10));
      return { rows: [row(current)], current };
    },
    eventText: async (index) => JSON.stringify(index === FAILED ? { type: 'http/response', at: row(index).at, body: { data: { status: 'failed', detail: 'x'.repeat(120), reason: 'Reason: path blocked' } } } : { type: 'ws/message', at: row(index).at }, null, 2),
  };
  return { remote, asked };
}

const rowButtons = () => within(screen.getByRole('list', { name: 'Events' })).getAllByRole('button');

describe('replay event list', () => {
  it('draws only the rows in view of a 100,000-event log, and scrolls through all of it by place', async () => {
    const { remote, asked } = fakeWorker();
    renderWithCore(<EventList remote={remote} total={TOTAL} position={T} onSeek={() => {}} />);
    await waitFor(() => expect(rowButtons()[0]!.textContent).toContain('09:30:00.000'));
    expect(screen.getByText('100000 events in the log, the one at the cursor marked')).toBeTruthy();
    // A window, not the log: the view and a few rows either side.
    expect(rowButtons().length).toBeLessThan(30);
    expect(asked.every((a) => a.count < 30)).toBe(true);
    // The scroller is as tall as every row (6.6 million px is under the browsers' cap).
    expect(screen.getByRole('list', { name: 'Events' }).style.height).toBe(`${TOTAL * ROW_PX}px`);
    const scroller = screen.getByTestId('replay-events-scroll');
    scroller.scrollTop = 50_000 * ROW_PX;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByRole('button', { name: /robot\/tick \{"n":50000\}/ })).toBeTruthy());
    expect(asked.at(-1)!.first).toBeLessThanOrEqual(50_000);
    expect(asked.at(-1)!.first).toBeGreaterThan(49_900);
  });

  it('follows the cursor to its event and marks it; a tap seeks and opens the event whole, reason and all', async () => {
    const { remote } = fakeWorker();
    const sought: number[] = [];
    let moveTo = (_at: number) => {};
    function Player() {
      const [position, setPosition] = useState(T);
      moveTo = setPosition;
      return <EventList remote={remote} total={TOTAL} position={position} onSeek={(at) => sought.push(at)} />;
    }
    renderWithCore(<Player />);
    await waitFor(() => expect(rowButtons()[0]!.getAttribute('aria-current')).toBe('true'));
    act(() => moveTo(row(FAILED).at + 5));
    const failed = await screen.findByRole('button', { name: /#9 200/ });
    await waitFor(() => expect(failed.getAttribute('aria-current')).toBe('true'));
    expect(failed.textContent).not.toContain('path blocked');
    fireEvent.click(failed);
    expect(sought).toEqual([row(FAILED).at]);
    const payload = await screen.findByTestId('replay-payload');
    expect(payload.textContent).toContain('"reason": "Reason: path blocked"');
    expect(screen.getByRole('region', { name: 'http/response at 2026-11-22 09:40:12.340' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the events' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Events' })).toBeTruthy());
  });
});

describe('replay side panels', () => {
  it('shows one panel at a time, chosen by its tab, the first open to start', async () => {
    renderWithCore(
      <SidePanels
        label="Panels beside the screen"
        panels={[
          { id: 'a', label: 'Events', render: () => <p>the events</p> },
          { id: 'b', label: 'State', render: () => <p>the state</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Events' }).textContent).toContain('the events');
    act(() => screen.getByRole('tab', { name: 'State' }).click());
    expect(screen.getByRole('tabpanel', { name: 'State' }).textContent).toContain('the state');
    expect(screen.queryByText('the events')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('false');
  });
});

describe('replay event list geometry', () => {
  it('stands a million rows in a scroll range under the browsers cap, and scrolls to any of them', () => {
    const view = ROW_PX * 6;
    const top = rowGeometry(1_000_000, ROW_PX, view, 0);
    expect(top).toEqual({ height: MAX_SCROLL_PX, top: 0 });
    // The bottom of the range shows the last rows.
    expect(rowGeometry(1_000_000, ROW_PX, view, MAX_SCROLL_PX - view).top).toBeCloseTo(1_000_000 - 6, 6);
    for (const index of [0, 1, 123_456, 999_999]) {
      const shown = rowGeometry(1_000_000, ROW_PX, view, scrollFor(index, 1_000_000, ROW_PX, view)).top;
      expect(index).toBeGreaterThanOrEqual(Math.floor(shown));
      expect(index).toBeLessThan(shown + 6);
    }
    // A short log scrolls one pixel for one pixel.
    expect(rowGeometry(1_000, ROW_PX, view, 660)).toEqual({ height: 66_000, top: 10 });
  });
});
