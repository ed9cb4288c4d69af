import './app/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { i18nReady } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/**
 * Settles once the router has finished the first navigation: the guard loader has run and the page's lazy
 * module is in. Rendering before that would commit, lay out and paint the fallback spinner, then do it all
 * again for the page a moment later; until then index.html's own spinner is on screen.
 */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// i18nReady settles at once for Chinese; for a remembered English, once its texts are in.
// The first render is a transition: React renders it in short slices, so the page stays responsive
// (no long task) while the shell and the page are built.
void Promise.all([i18nReady, routerReady()]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
