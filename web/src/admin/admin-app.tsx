/**
 * The staff console (its own lazily loaded chunk), mounted by the main router at /admin/*.
 * /admin/login is open; everything else sits behind the staff guard and inside the console shell,
 * with the sections (sections.tsx) deciding menu entries, routes and who may open them.
 */
import './i18n';
import './admin.css';
import { Route, Routes, ScrollRestoration } from 'react-router';
import { AntdScope } from '../app/antd-scope';
import { ADMIN_SECTIONS } from './sections';
import { AdminShell } from './shell/admin-shell';
import ConsoleNotFoundPage from './shell/not-found-page';
import { RequireRole } from './shell/require-role';
import { StaffGuard } from './shell/staff-guard';
import LoginPage from './staff/login-page';

export default function AdminApp() {
  return (
    <AntdScope>
      {/* New console pages open at the top; Back returns to the scrolled place (as on the musician side). */}
      <ScrollRestoration />
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route element={<StaffGuard />}>
          <Route element={<AdminShell />}>
            {ADMIN_SECTIONS.map((section) => (
              <Route
                key={section.key}
                index={section.path === '' ? true : undefined}
                path={section.path === '' ? undefined : `${section.path}/*`}
                element={<RequireRole roles={section.roles}>{section.render()}</RequireRole>}
              />
            ))}
            <Route path="*" element={<ConsoleNotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </AntdScope>
  );
}
