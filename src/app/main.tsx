// The page's Trusted Types policy is taken from window before any other module runs.
import './runtime/trustedTypes';
// Base styles first, so each feature's CSS (imported by its components) wins over them at equal specificity.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The entry's code runs in three tasks, not one: React, then start-up's code, then the screens' (see the pauses).
import './runtime/pauseAfterLibraries';
import './runtime/startStorefront';
import './runtime/pauseAfterStartup';
import { App } from './root/App';
import { keepPageCopy, revealPage, REVEAL_DEADLINE_MS } from './runtime/pageCopy';

const root = document.getElementById('root')!;
// The copy of a returning guest's page index.html may show gives way to the app's once that has painted
// (FirstPageShown), or when start-up failed (StartupGate), or at the latest after a few seconds.
keepPageCopy(window.localStorage, root);
window.setTimeout(revealPage, REVEAL_DEADLINE_MS);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
