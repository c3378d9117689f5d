/// <reference lib="webworker" />
/**
 * The replay worker's reader (worker/linePieces.ts): reads a log's bytes front to back on a thread of its own
 * and sends their lines in pieces. Started by the replay worker for each log it indexes, and ended when the
 * log is indexed or another is opened.
 */
import { serveReader } from './linePieces';

serveReader(self);
