// One shared server of a browser test run (sharedServers.ts), in a process of its own: serves the build named on its
// command line and sends its origin to the process that started it. Closes when that process disconnects.
import { serveBuild } from './server';

const build = process.argv[2];
if (!build || !process.send) throw new Error('usage: started by sharedServers.ts, with the build directory');
const server = await serveBuild(build);
process.send({ origin: server.origin });
process.on('disconnect', () => {
  void server.close();
  // Pages a closing run left open must not keep it waiting.
  setTimeout(() => process.exit(0), 2_000).unref();
});
