import type { Translate } from '../../src/i18n';

/**
 * The failure reasons our own back end sends (api.md's movement/failed `reason`, a short English text;
 * backend/failReasons.ts, which tests/ui/failReason.test.ts holds this list to), by their key under
 * `movement.failedReasons`, so the dialog shows them in the page's language. Any other text is the robot's own
 * words (a navigation stack's status text) and is shown as it came.
 */
const KNOWN_REASONS: ReadonlyMap<string, string> = new Map([
  ['path blocked', 'pathBlocked'],
  ['no path to the destination', 'noPath'],
  ['destination deleted', 'destinationDeleted'],
]);

export function failReasonText(reason: string, t: Translate): string {
  const key = KNOWN_REASONS.get(reason.trim().toLowerCase());
  return key === undefined ? reason : t(`movement.failedReasons.${key}`);
}
