/** The load-location model (spec 2.6): shelves per side from the layout setting, items per shelf. Pure. */
import type { Settings } from '../schemas/entities';
import type { Load, Side } from './types';

/** Layout index 0, 1, 2 (free, double, triple) gives 1, 2, 3 shelves; an unset layout counts as free. */
export function shelfCount(layout: number | null | undefined): number {
  return typeof layout === 'number' && layout >= 0 && layout <= 2 ? layout + 1 : 1;
}

/** Shelves of each side for these settings (and the wizard's own choice before they are saved). */
export function shelvesPerSide(settings: Settings | null, setup?: { layoutLeft: number | null; layoutRight: number | null }) {
  return {
    left: shelfCount(settings?.load_location_layout_left ?? setup?.layoutLeft),
    right: shelfCount(settings?.load_location_layout_right ?? setup?.layoutRight),
  };
}

/** One item as the editor and the movement screen list it. */
export interface FlatItem {
  shelfIndex: number;
  itemIndex: number;
  value: string;
  side: Side;
}

/** Every item of both sides, left first, shelf by shelf. */
export function flattenLoad(load: Pick<Load, Side>): FlatItem[] {
  const out: FlatItem[] = [];
  for (const side of ['left', 'right'] as const)
    load[side].forEach((shelf, shelfIndex) =>
      shelf.forEach((value, itemIndex) => out.push({ shelfIndex, itemIndex, value, side })),
    );
  return out;
}

export function itemCount(shelves: string[][]): number {
  return shelves.reduce((n, shelf) => n + shelf.length, 0);
}

export function isLoadEmpty(load: Pick<Load, Side>): boolean {
  return itemCount(load.left) === 0 && itemCount(load.right) === 0;
}

/** Adds a trimmed item at a shelf (an empty text adds nothing; a shelf beyond the count is refused). */
export function addItem(shelves: string[][], shelf: number, value: string, count: number): boolean {
  const text = value.trim();
  if (text === '' || !Number.isInteger(shelf) || shelf < 0 || shelf >= count) return false;
  while (shelves.length <= shelf) shelves.push([]);
  shelves[shelf]!.push(text);
  return true;
}

export function removeItem(shelves: string[][], shelf: number, index: number): boolean {
  const list = shelves[shelf];
  if (!list || index < 0 || index >= list.length) return false;
  list.splice(index, 1);
  return true;
}

/** api.md: one array per shelf, exactly as many as the side has. */
export function toWire(shelves: string[][], count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [...(shelves[i] ?? [])]);
}
