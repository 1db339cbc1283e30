// A centred spinner until start-up finishes; a clear message with a retry instead of a blank page when config.json
// or the catalog cannot be loaded, under the spec's heading for a failure, 'Uh Oh!' (ordering.md section 2: the
// dialog headings are 'Oops!' for a warning such as the closed notice, 'Yay!' for a confirmation, 'Uh Oh!' for this).
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../components/Spinner';
import { takeCopyTaps } from '../runtime/copyTaps';
import { revealPage } from '../runtime/pageCopy';
import { RuntimeProvider } from '../runtime/RuntimeContext';
import { StartupError, type Runtime } from '../runtime/startStorefront';
import './startup.css';

type Startup = { readonly phase: 'starting' } | { readonly phase: 'failed'; readonly message: string } | { readonly phase: 'ready'; readonly runtime: Runtime };

// One start per attempt for the whole page: React may run an effect twice (StrictMode, a remount), and two starts
// would open the log's database twice. The page owns the runtime for its lifetime; a retry starts a new attempt.
const attempts = new Map<number, Promise<Runtime>>();
function startAttempt(attempt: number, start: () => Promise<Runtime>): Promise<Runtime> {
  let started = attempts.get(attempt);
  if (!started) {
    started = start();
    attempts.set(attempt, started);
  }
  return started;
}

export function StartupGate({ start, children }: { readonly start: () => Promise<Runtime>; readonly children: ReactNode }) {
  const [startup, setStartup] = useState<Startup>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // A new attempt ('Try again') shows the spinner again before the start-up it waits for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStartup({ phase: 'starting' });
    startAttempt(attempt, start).then(
      (runtime) => {
        // The first page's render is the largest of the visit (every card of the menu): as a transition, React
        // renders it in slices of a few milliseconds, so a tap or a frame never waits behind all of it on a phone.
        if (current) startTransition(() => setStartup({ phase: 'ready', runtime }));
      },
      (error: unknown) => {
        console.error('countertop: start-up failed:', error);
        // The message shows at once, not behind the copy of the last visit's page; what was tapped on the copy is
        // not done once a retry has started the store.
        revealPage();
        takeCopyTaps();
        if (current)
          setStartup({ phase: 'failed', message: error instanceof StartupError ? error.userMessage : 'Something went wrong while opening the store.' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, start]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (startup.phase === 'starting') return <Spinner label="Opening the store" />;
  if (startup.phase === 'failed') {
    return (
      <main className="startup-failed" role="alert">
        <h1>Uh Oh!</h1>
        <p>{startup.message}</p>
        <p className="muted">Check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Try again
        </button>
      </main>
    );
  }
  return <RuntimeProvider runtime={startup.runtime}>{children}</RuntimeProvider>;
}
