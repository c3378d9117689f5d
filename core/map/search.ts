/** The destination search of /map (spec section 5). */

/** Destination search: a case-insensitive substring of the name; an empty query shows no results. Pure. */
export function searchDestinations<T extends { name: string }>(list: readonly T[], query: string): T[] {
  if (query === '') return [];
  const q = query.toLowerCase();
  return list.filter((x) => x.name.toLowerCase().includes(q));
}
