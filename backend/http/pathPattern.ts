/**
 * Path patterns written by a client (the control surface's fault rules), matched by hand: no regular expression
 * is built from client text, so no pattern can be invalid or take exponential time (api.md "Left running on a
 * network"). A pattern matches a path when it matches its start, segment by segment: `*` stands for any run of
 * characters within one segment (not `/`), everything else is literal. `/api/settings` matches
 * `/api/settings/`, `/api/mission/definition/*\/run` matches `/api/mission/definition/12/run`, and
 * `/assets/mapWorker-` matches `/assets/mapWorker-B2x.js`.
 */

/** Whether `pattern` matches the start of `path` (as above). */
export function matchesPathStart(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (have.length < want.length) return false;
  const last = want.length - 1;
  for (let i = 0; i < last; i++) if (!globMatch(want[i] as string, have[i] as string)) return false;
  // The last segment of the pattern may end inside the path's segment: a prefix.
  return globMatch(`${want[last] as string}*`, have[last] as string);
}

/**
 * Whether `text` matches `glob` whole, `*` standing for any run of characters: the greedy two-pointer match,
 * at most length(glob) x length(text) steps.
 */
function globMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] !== '*' && glob[g] === text[t]) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (star >= 0) {
      g = star + 1;
      t = ++resume;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}
