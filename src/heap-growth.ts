// After each full garbage collection V8 lets a heap grow to a multiple of what stayed live
// before it collects again, up to 4x when its collections are fast next to the program, as
// they are through a crawl (most of a page's objects die young): through a 10,000-page crawl
// the main thread's heap reached ~150 MB, half the process's peak RSS. Held to 1.5x, the
// process peaked ~45 MB lower at the same CPU a page; at 1.3x ~55 MB lower, but at ~13% more
// CPU a page (bench/memory.ts, runs in turns).
// The flag is the whole process's, so the transform threads' heaps are held to it too. It is
// set here rather than on node's command line so that every way of starting Trawl gets it
// (`npm start`, `trawl api` and `trawl worker` under systemd or in a container). It is set as
// this module is evaluated, the first of main.ts's imports, before the rest of Trawl loads:
// set once everything had loaded, 2 of 5 crawls still peaked at ~303 MB (~255 MB otherwise).
import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 50;

v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
