/** Deleting Base asks twice (issue 18): without it the charging mission has nowhere to go. */
import { describe, expect, it } from 'vitest';
import { bootedMap, mapImage } from './mapHelpers';

const IMAGE = mapImage(4, 3, () => 254);
const MAP = { image: IMAGE, origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } };
const dest = (id: number, name: string) => ({ id, name, x: 0, y: 0, orientation: 0, resolution: 0.5, color: '#d9d9d9', created_at: '2026-11-01T08:00:00Z' });

function editing(name: string) {
  const h = bootedMap('/map');
  h.answer('api/map/latest', MAP);
  h.answer('api/destinations', [dest(7, name)]);
  h.answer('api/no-go-zones', []);
  h.send({ type: 'ui/destinationEdited', edit: { op: 'open', id: 7 } });
  h.send({ type: 'ui/destinationEdited', edit: { op: 'delete' } });
  return h;
}

const deletes = (h: ReturnType<typeof editing>) => h.requests('api/destination/7').filter((r) => r.method === 'DELETE');

describe('deleting a destination', () => {
  it('Base asks a second time before the delete goes out; Keep at either step keeps it', () => {
    const h = editing('Base');
    h.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    expect(h.state.mapEdit.editor?.confirmDelete).toBe('again');
    expect(deletes(h)).toHaveLength(0);
    h.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    expect(deletes(h)).toHaveLength(1);

    const k = editing('base ');
    k.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    k.send({ type: 'ui/destinationEdited', edit: { op: 'deleteCancelled' } });
    expect(k.state.mapEdit.editor?.confirmDelete).toBe(false);
    k.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    expect(deletes(k)).toHaveLength(0);
  });

  it('any other destination goes after one confirmation', () => {
    const h = editing('Lab');
    h.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    expect(deletes(h)).toHaveLength(1);
  });
});
