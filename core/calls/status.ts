/** Statuses of a call the person waits on, for progress and error display. */
export type CallStatus = 'idle' | 'pending' | 'failed';
