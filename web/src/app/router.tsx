/**
 * The route table: this routes from spec §2, each page a lazy chunk (public pages stay light and
 * the staff console never loads for musicians). The guard runs as the root loader on every navigation,
 * before any page chunk renders, and again in the layout when a call ends the session in place.
 */
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { hasToken } from '../lib/session';
import { lazyPage } from './chunk-loading';
import { guardRedirect, homeFor } from './guard';
import { SiteLayout } from './layouts/site-layout';
import { PageSpinner } from './page-spinner';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

function guardLoader({ request }: LoaderFunctionArgs) {
  const target = guardRedirect(new URL(request.url).pathname, hasToken());
  if (target) throw redirect(target);
  return null;
}

const handle = (value: RouteHandle) => value;

export const router = createBrowserRouter([
  {
    // The staff console: its own login and routes, outside the musician guard and shell.
    path: '/admin/*',
    lazy: lazyPage(() => import('../admin/admin-app')),
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteErrorPage />,
  },
  {
    path: '/',
    element: <SiteLayout />,
    loader: guardLoader,
    // The guard depends on the token, not on params: run it on every navigation.
    shouldRevalidate: () => true,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors of a page render inside the shell, so header and footer stay usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, loader: () => redirect(homeFor(hasToken())), element: null },
          {
            path: 'login',
            handle: handle({ title: 'login' }),
            lazy: lazyPage(() => import('../features/account/login-page')),
          },
          {
            path: 'register',
            handle: handle({ title: 'register' }),
            children: [
              { index: true, loader: () => redirect('/register/single'), element: null },
              {
                path: 'single',
                handle: handle({ title: 'registerSingle' }),
                lazy: lazyPage(() => import('../features/account/register-page')),
              },
              {
                path: 'findpwd',
                handle: handle({ title: 'findPwd' }),
                lazy: lazyPage(() => import('../features/account/find-password-page')),
              },
            ],
          },
          {
            path: 'guest/index',
            handle: handle({ title: 'guestHome', header: 'transparent' }),
            lazy: lazyPage(() => import('../features/site/guest-home-page')),
          },
          {
            path: 'work-publish/entry',
            handle: handle({ title: 'publishEntry' }),
            lazy: lazyPage(() => import('../features/works/publish-entry-page')),
          },
          { path: '*', handle: handle({ title: 'notFound' }), lazy: lazyPage(() => import('./not-found-page')) },
        ],
      },
    ],
  },
]);

registerNavigator((to, options) => router.navigate(to, options));
