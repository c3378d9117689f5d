/**
 * The replay page's debugger panels against fake replay workers: search with its pages, count and chips; the
 * state tree (expand, collapse, filter, copy); what the event at the cursor changed; the compare of two marks.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/replay/strings';
import type { EventChanges, SearchCount, SearchQuery, StateView } from '../../worker/debugApi';
import { SearchPanel, type SearchSource } from '../../ui/replay/SearchPanel';
import { StatePanel } from '../../ui/replay/StatePanel';
import { EventChangesPanel } from '../../ui/replay/EventChangesPanel';
import { ComparePanel, type CompareMarks } from '../../ui/replay/ComparePanel';
import { renderWithCore } from './render';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);

describe('Search events', () => {
  function fakeSearch() {
    const asked: { query: SearchQuery; page: number }[] = [];
    let count: (total: SearchCount) => void = () => {};
    const all = Array.from({ length: 70 }, (_, i) => ({ index: i * 3, at: T + i * 1_000, type: 'ws/message', kinds: ['robot' as const], summary: `movement/failed {"reason":"path blocked","n":${i}}` }));
    const remote: SearchSource = {
      search: async (query, page, size = 50) => {
        asked.push({ query, page });
        const hits = query.text.toLowerCase().includes('blocked') ? all : [];
        return { page, pageSize: size, matches: hits.slice(page * size, page * size + size), total: null, counted: Math.min(hits.length, size), indexing: false };
      },
      searchCount: () => new Promise((resolve) => (count = resolve)),
    };
    return { remote, asked, count: (total: number) => count({ total, pages: Math.ceil(total / 50) }) };
  }

  it('lists the first page at once, then the count; a match moves the player; more pages on request', async () => {
    const { remote, asked, count } = fakeSearch();
    const sought: number[] = [];
    renderWithCore(<SearchPanel remote={remote} onSeek={(at) => sought.push(at)} />);
    fireEvent.change(screen.getByLabelText('Search events'), { target: { value: 'BLOCKED' } });
    const found = await screen.findByRole('list', { name: 'Found events' });
    await waitFor(() => expect(within(found).getAllByRole('button', { name: /path blocked/ })).toHaveLength(50));
    expect(asked).toEqual([{ query: { text: 'BLOCKED', kinds: [] }, page: 0 }]);
    expect(screen.getByRole('status').textContent).toBe('50 found so far…');
    await act(async () => count(70));
    expect(screen.getByRole('status').textContent).toBe('70 found');
    // The match's time in the player's format, its type and summary; a tap moves the player there.
    const third = within(found).getAllByRole('button')[2]!;
    expect(third.textContent).toContain('09:30:02.000');
    fireEvent.click(third);
    expect(sought).toEqual([T + 2_000]);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(found).getAllByRole('button', { name: /path blocked/ })).toHaveLength(70));
    expect(asked.at(-1)!.page).toBe(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('narrows by kind with the chips; a chip alone lists its kind', async () => {
    const { remote, asked } = fakeSearch();
    renderWithCore(<SearchPanel remote={remote} onSeek={() => {}} />);
    for (const name of ['Robot frames', 'Operator actions', 'Calls and answers', 'Timers', 'Rejected input']) expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Operator actions' }));
    expect(screen.getByRole('button', { name: 'Operator actions' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(asked.at(-1)).toEqual({ query: { text: '', kinds: ['operator'] }, page: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Robot frames' }));
    await waitFor(() => expect(asked.at(-1)!.query.kinds).toEqual(['robot', 'operator']));
    expect(await screen.findByRole('status')).toBeTruthy();
  });
});

describe('State', () => {
  // The panel lays out any JSON: a few slices stand for the whole view here (the e2e test reads a real one).
  const state = { route: { path: '/movement/failed' }, movement: { state: 'failed', failReason: 'path blocked', missionId: 3 }, batteries: [{ charge: 0.81 }, { charge: 0.9 }] } as unknown as StateView;

  it('shows the slices closed, opens one, expands and collapses all, filters by path or value, copies JSON', async () => {
    const asked: number[] = [];
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithCore(<StatePanel remote={{ stateAt: async (at) => (asked.push(at), state) }} position={T + 5} />);
    const tree = await screen.findByRole('list', { name: 'State' });
    expect(asked).toEqual([T + 5]);
    expect(within(tree).getAllByRole('button').map((b) => b.textContent)).toEqual(['▸route{1}', '▸movement{3}', '▸batteries[2]']);
    expect(screen.queryByText('"path blocked"')).toBeNull();
    fireEvent.click(within(tree).getByRole('button', { name: /movement/ }));
    expect(within(tree).getByRole('button', { name: /movement/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('"path blocked"')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByText('"path blocked"')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByText('0.81')).toBeTruthy();
    expect(screen.getByText('"/movement/failed"')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    // The filter finds a value deep inside, with the rows above it.
    fireEvent.change(screen.getByLabelText('Filter by path or value'), { target: { value: 'BLOCKED' } });
    const rows = [...screen.getByRole('list', { name: 'State' }).querySelectorAll('li')].map((li) => li.dataset.path);
    expect(rows).toEqual(['movement', 'movement.failReason']);
    fireEvent.change(screen.getByLabelText('Filter by path or value'), { target: { value: 'batteries.1' } });
    expect([...screen.getByRole('list', { name: 'State' }).querySelectorAll('li')].map((li) => li.dataset.path)).toEqual(['batteries', 'batteries.1', 'batteries.1.charge']);
    fireEvent.change(screen.getByLabelText('Filter by path or value'), { target: { value: 'nowhere' } });
    expect(screen.getByText('Nothing matches the filter.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy as JSON' }));
    await screen.findByText('State copied as JSON');
    expect(JSON.parse((writeText.mock.calls[0] as unknown as [string])[0])).toEqual(state);
  });
});

describe('This event changed', () => {
  it('lists the paths with their values before and after, and the effects', async () => {
    const answer: EventChanges = {
      event: { index: 12, at: T + 52_000, type: 'ws/message', summary: 'movement/failed {"reason":"path blocked"}' },
      paths: [
        { path: 'movement.state', before: 'moving', after: 'failed' },
        { path: 'movement.failReason', before: null, after: 'path blocked' },
      ],
      effects: [
        { kind: 'call', text: '#7 GET /api/missions' },
        { kind: 'navigation', text: '/movement -> /movement/failed' },
        { kind: 'timer', text: 'health due 2026-11-22T09:31:02.000Z' },
      ],
    };
    renderWithCore(<EventChangesPanel remote={{ eventChanges: async () => answer }} position={T + 52_500} />);
    const table = await screen.findByRole('table', { name: 'Paths it changed' });
    const cells = within(table).getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Path', 'Before', 'After'],
      ['movement.state', '"moving"', '"failed"'],
      ['movement.failReason', 'null', '"path blocked"'],
    ]);
    const effects = screen.getByRole('list', { name: 'Effects' });
    expect(within(effects).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Call#7 GET /api/missions', 'Navigation/movement -> /movement/failed', 'Timerhealth due 2026-11-22T09:31:02.000Z']);
    expect(screen.getByText('2026-11-22 09:30:52.000')).toBeTruthy();
  });
});

describe('Changes from A to B', () => {
  it('marks A and B at the cursor and lists the changes by slice, either order', async () => {
    const asked: [number, number][] = [];
    const remote = {
      compare: async (a: number, b: number) => {
        asked.push([a, b]);
        return { a, b, slices: [{ slice: 'movement', paths: [{ path: 'movement.state', a: a < b ? 'idle' : 'failed', b: a < b ? 'failed' : 'idle' }] }, { slice: 'route', paths: [{ path: 'route.path', a: '/missions', b: '/movement/failed' }] }] };
      },
    };
    let moveTo = (_at: number) => {};
    function Page() {
      const [position, setPosition] = useState(T + 1_000);
      const [marks, setMarks] = useState<CompareMarks>({ a: null, b: null });
      moveTo = setPosition;
      return <ComparePanel remote={remote} position={position} marks={marks} onMarks={setMarks} />;
    }
    renderWithCore(<Page />);
    expect(screen.getByText('Mark A and B at two moments to compare them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark A' }));
    expect(screen.getByTestId('replay-mark-a').textContent).toBe('A: 2026-11-22 09:30:01.000');
    act(() => moveTo(T + 60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Mark B' }));
    expect(screen.getByTestId('replay-mark-b').textContent).toBe('B: 2026-11-22 09:31:00.000');
    const movement = await screen.findByRole('table', { name: 'Changes in movement' });
    expect(asked).toEqual([[T + 1_000, T + 60_000]]);
    expect([...within(movement).getAllByRole('row')[1]!.children].map((c) => c.textContent)).toEqual(['movement.state', '"idle"', '"failed"']);
    expect(screen.getByRole('table', { name: 'Changes in route' })).toBeTruthy();
    // A marked after B: the worker is asked in that order.
    act(() => moveTo(T + 90_000));
    fireEvent.click(screen.getByRole('button', { name: 'Mark A' }));
    await waitFor(() => expect(asked.at(-1)).toEqual([T + 90_000, T + 60_000]));
    await waitFor(() => expect([...within(screen.getByRole('table', { name: 'Changes in movement' })).getAllByRole('row')[1]!.children].map((c) => c.textContent)).toEqual(['movement.state', '"failed"', '"idle"']));
  });
});
