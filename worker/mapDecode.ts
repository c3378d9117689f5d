/**
 * Decoding a map image once per version, in the worker. The decoder itself lives in the core
 * (core/map/decodePng.ts), so the replay fold hit-tests on exactly the grid the live worker made.
 */
export { decodeMapGrid, decodeMapPng, type DecodedMap } from '../core/map/decodePng';
