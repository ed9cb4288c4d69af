import './app/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { i18nReady } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// i18nReady settles at once for Chinese; for a remembered English, once its texts are in.
// The first render is a transition: React renders it in short slices, so the page stays responsive
// (no long task) while the shell and the page are built.
void i18nReady.then(() => {
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
