// `npm run worker`: build the API when its build is missing or older than its sources, then run the
// background work (mail outbox, renewals, reminders) without the web server. Decision 0030.
import { pathToFileURL } from 'node:url';
import { API_WORKER_FILE, ensureApiBuilt } from './build-api.mjs';

await ensureApiBuilt();
// The worker module starts itself when it is the program's entry.
process.argv[1] = API_WORKER_FILE;
await import(pathToFileURL(API_WORKER_FILE).href);
