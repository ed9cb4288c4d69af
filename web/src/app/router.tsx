/**
 * The route table: this routes from spec §2, each page a lazy chunk (public pages stay light and
 * the staff console never loads for musicians). The guard runs as the root loader on every navigation,
 * before any page chunk renders, and again in the layout when a call ends the session in place.
 */
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { sessionKnown } from '../features/account/session-probe';
import { prefetchNewsDetail } from '../features/content/news-api';
import GuestHomePage from '../features/site/guest-home-page';
import { registerNavigator } from '../lib/navigation';
import { peekReturnTo } from '../lib/return-to';
import { lazyPage } from './chunk-loading';
import { guardRedirect, homeFor } from './guard';
import { SiteLayout } from './layouts/site-layout';
import { PageSpinner } from './page-spinner';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

async function guardLoader({ request }: LoaderFunctionArgs) {
  const target = guardRedirect(new URL(request.url).pathname, await sessionKnown(), peekReturnTo() ?? undefined);
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
    // The guard depends on the session, not on params: run it on every navigation.
    shouldRevalidate: () => true,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors of a page render inside the shell, so header and footer stay usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, loader: async () => redirect(homeFor(await sessionKnown())), element: null },
          {
            // In the first download (the landing page, measured by Lighthouse): the hero paints without waiting
            // for a page chunk.
            path: 'guest/index',
            handle: handle({ title: 'guestHome', header: 'transparent' }),
            Component: GuestHomePage,
          },
          {
            path: 'guest/publish',
            handle: handle({ title: 'guestPublish' }),
            lazy: lazyPage(() => import('../features/content/publish-guide-page')),
          },
          {
            path: 'advisory/detail',
            handle: handle({ title: 'advisoryDetail' }),
            // Starts the article's request alongside the page chunk (measured by Lighthouse too).
            loader: prefetchNewsDetail,
            lazy: lazyPage(() => import('../features/content/advisory-detail-page')),
          },
          {
            // Without parameters the help centre home; with ?id&type&tid a document (the footer's links).
            path: 'help-center/index',
            handle: handle({ title: 'helpCenter' }),
            lazy: lazyPage(() => import('../features/content/help-center-page')),
          },
          {
            path: 'download/index',
            handle: handle({ title: 'download' }),
            lazy: lazyPage(() => import('../features/content/download-page')),
          },
          {
            path: 'hot-plan/detail',
            handle: handle({ title: 'hotPlanDetail' }),
            lazy: lazyPage(() => import('../features/content/hot-plan-detail-page')),
          },
          {
            // The pages that use antd components, inside its ConfigProvider and App (antd-scope.tsx): antd loads
            // with them, never with the public shell or the content pages above.
            lazy: lazyPage(() => import('./antd-scope')),
            children: [
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
                    // A minor with the guardian (issue 10).
                    path: 'children',
                    handle: handle({ title: 'registerChildren' }),
                    lazy: lazyPage(() => import('../features/realname/register-children-page')),
                  },
                  {
                    path: 'findpwd',
                    handle: handle({ title: 'findPwd' }),
                    lazy: lazyPage(() => import('../features/account/find-password-page')),
                  },
                ],
              },
              {
                path: 'guest/q-a',
                handle: handle({ title: 'guestQa' }),
                lazy: lazyPage(() => import('../features/content/qa-page')),
              },
              {
                path: 'advisory/index',
                handle: handle({ title: 'advisory' }),
                lazy: lazyPage(() => import('../features/content/advisory-list-page')),
              },
              {
                // ?category=ID: a category of webAnchorConfig.
                path: 'help-center/sub-list',
                handle: handle({ title: 'helpSubList' }),
                lazy: lazyPage(() => import('../features/content/help-sub-list-page')),
              },
              {
                path: 'help-center/q-a',
                handle: handle({ title: 'helpQa' }),
                lazy: lazyPage(() => import('../features/content/qa-page')),
              },
              {
                path: 'hot-plan/index',
                handle: handle({ title: 'hotPlan' }),
                lazy: lazyPage(() => import('../features/content/hot-plan-list-page')),
              },
              {
                path: 'work-publish/entry',
                handle: handle({ title: 'publishEntry' }),
                lazy: lazyPage(() => import('../features/works/publish-entry-page')),
              },
              {
                // Without ?id= step 1 asks for a single or an album and creates the draft; with ?id= each step sends a
                // work whose status belongs to another step there (use-work-step.ts).
                path: 'work-publish/step/step-1',
                handle: handle({ title: 'publishStep1' }),
                lazy: lazyPage(() => import('../features/works/step-1-page')),
              },
              {
                path: 'work-publish/step/step-2',
                handle: handle({ title: 'publishStep2' }),
                lazy: lazyPage(() => import('../features/works/step-2-page')),
              },
              {
                path: 'work-publish/step/step-3',
                handle: handle({ title: 'publishStep3' }),
                lazy: lazyPage(() => import('../features/works/step-3-page')),
              },
              {
                path: 'work-publish/update-music',
                handle: handle({ title: 'updateMusic' }),
                lazy: lazyPage(() => import('../features/works/update-music-page')),
              },
              {
                path: 'work-publish/add-material',
                handle: handle({ title: 'addMaterial' }),
                lazy: lazyPage(() => import('../features/works/add-material-page')),
              },
              {
                path: 'work-management/list',
                handle: handle({ title: 'workList' }),
                lazy: lazyPage(() => import('../features/works/work-list-page')),
              },
              {
                path: 'person-center/information',
                handle: handle({ title: 'personInformation' }),
                lazy: lazyPage(() => import('../features/person-center/information-page')),
              },
              {
                path: 'person-center/update-info',
                handle: handle({ title: 'personUpdateInfo' }),
                lazy: lazyPage(() => import('../features/person-center/update-info-page')),
              },
              {
                path: 'person-center/reset-pwd',
                handle: handle({ title: 'personResetPwd' }),
                lazy: lazyPage(() => import('../features/person-center/reset-pwd-page')),
              },
              {
                path: 'person-center/income-bill',
                handle: handle({ title: 'incomeBill' }),
                lazy: lazyPage(() => import('../features/royalties/income-bill-page')),
              },
              {
                path: 'person-center/withdraw',
                handle: handle({ title: 'withdraw' }),
                lazy: lazyPage(() => import('../features/withdrawals/withdraw-page')),
              },
              {
                // Real names (issue 10): the state and badge, an adult's verification or a minor's supplement.
                path: 'realidcation',
                handle: handle({ title: 'realidcation' }),
                lazy: lazyPage(() => import('../features/realname/realname-page')),
              },
              {
                path: 'realidcation/enterprise',
                handle: handle({ title: 'realidcationEnterprise' }),
                lazy: lazyPage(() => import('../features/realname/enterprise-page')),
              },
              {
                // The development verification provider's page (IDENTITY_PROVIDER=dev): ?attempt=
                path: 'realidcation/dev-verify',
                handle: handle({ title: 'realidcationDev' }),
                lazy: lazyPage(() => import('../features/realname/dev-verify-page')),
              },
              {
                path: 'system-message',
                handle: handle({ title: 'systemMessage' }),
                lazy: lazyPage(() => import('../features/messages/system-message-page')),
              },
              {
                // ?work=<id>: the cover maker opens for that work.
                path: 'intelligence-cover',
                handle: handle({ title: 'intelligenceCover' }),
                lazy: lazyPage(() => import('../features/covers/smart-maker-page')),
              },
              {
                // ?work=<id>, ?design=<id>: for a work, or a saved design reopened.
                path: 'intelligence-cover-head',
                handle: handle({ title: 'intelligenceCoverHead' }),
                lazy: lazyPage(() => import('../features/covers/manual-maker-page')),
              },
              {
                path: 'gongdan/list',
                handle: handle({ title: 'gongdanList' }),
                lazy: lazyPage(() => import('../features/support/workorder-list-page')),
              },
              {
                path: 'gongdan/add',
                handle: handle({ title: 'gongdanAdd' }),
                lazy: lazyPage(() => import('../features/support/workorder-add-page')),
              },
              {
                // ?id=: one order and its thread (system messages about it link here).
                path: 'gongdan/detail',
                handle: handle({ title: 'gongdanDetail' }),
                lazy: lazyPage(() => import('../features/support/workorder-detail-page')),
              },
              { path: '*', handle: handle({ title: 'notFound' }), lazy: lazyPage(() => import('./not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
]);

registerNavigator((to, options) => router.navigate(to, options));
