// Starts a TypeScript worker thread: Node runs .ts only through tsx's loader, registered here in the thread.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
