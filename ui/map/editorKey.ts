/** A key per opened destination, so the editor's typed name starts afresh for each one. Pure. */
import type { DestinationEditor } from '../../core/map/mapState';

export function editorKey(e: DestinationEditor): string {
  return e.id !== null ? `id:${e.id}` : `new:${e.x}:${e.y}`;
}
