/**
 * The failure reasons this back end itself sends (api.md's movement/failed `reason`, a short human text). The
 * app shows these in its own language (ui/movement/failReason.ts; tests/ui/failReason.test.ts holds the two
 * lists together); a robot's own words (a navigation stack's status text) pass through as they are.
 */
export const FAIL_REASONS = {
  pathBlocked: 'path blocked',
  noPath: 'no path to the destination',
  destinationDeleted: 'destination deleted',
} as const;
