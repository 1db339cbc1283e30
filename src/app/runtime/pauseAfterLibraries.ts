// A pause in the evaluation of the app's entry (src/app/main.tsx imports it after React and ReactDOM): the bundled
// modules that come after it run in a later task, so a phone can paint and take input between the two. Evaluating the
// whole entry at once was start-up's longest task (about 25 ms at 1x, over 100 ms at a phone's 4x), and Lighthouse's
// simulation counts every task of 10 ms or more, times its CPU slowdown, toward Total Blocking Time. The bundler keeps
// the modules in the order they run, so the await splits the entry's chunk where this module sits; it also gives its
// runtime a file of its own and each page loaded on demand a two-line file (the page's meta tags and the preload lists
// in vite.config.ts name them).
import { nextTask } from './nextTask';

await nextTask();
