// A centred spinner until start-up finishes; a clear message with a retry instead of a blank page when config.json
// or the catalog cannot be loaded.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../components/Spinner';
import { RuntimeProvider } from '../runtime/RuntimeContext';
import { StartupError, startStorefront, type Runtime } from '../runtime/startStorefront';
import './startup.css';

type Startup = { readonly phase: 'starting' } | { readonly phase: 'failed'; readonly message: string } | { readonly phase: 'ready'; readonly runtime: Runtime };

export function StartupGate({ children }: { readonly children: ReactNode }) {
  const [startup, setStartup] = useState<Startup>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let started: Runtime | undefined;
    setStartup({ phase: 'starting' });
    startStorefront().then(
      (runtime) => {
        started = runtime;
        if (cancelled) void runtime.stop();
        else setStartup({ phase: 'ready', runtime });
      },
      (error: unknown) => {
        console.error('countertop: start-up failed:', error);
        if (!cancelled) setStartup({ phase: 'failed', message: error instanceof StartupError ? error.userMessage : 'Something went wrong while opening the store.' });
      },
    );
    return () => {
      cancelled = true;
      void started?.stop();
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (startup.phase === 'starting') return <Spinner label="Opening the store" />;
  if (startup.phase === 'failed') {
    return (
      <main className="startup-failed" role="alert">
        <h1>Oops!</h1>
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
