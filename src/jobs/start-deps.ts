import type { Store } from '../store/store.js';
import type { JobEvents } from './events.js';
import type { Queue } from './queue.js';

/** What starting an asynchronous job takes: its record, its queued tasks and its `started` event. */
export interface JobStartDeps {
  store: Store;
  queue: Queue;
  events: JobEvents;
}
