/**
 * /admin/content (role content; admins too): the content console. A sub-menu of the kinds, then for the chosen
 * kind its list (/admin/content/<kind>), a new item (/<kind>/new) or one item (/<kind>/<id>); and the sites'
 * download settings (/downloads).
 */
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import ConsoleNotFoundPage from '../shell/not-found-page';
import ContentEditorPage from './content-editor-page';
import { kindBySlug } from './content-kinds';
import ContentListPage from './content-list-page';
import { CONTENT_BASE, ContentNav, DOWNLOADS_SLUG } from './content-nav';
import DownloadsPage from './downloads-page';

function KindRoute({ editor }: { editor: boolean }) {
  const { slug, id } = useParams();
  const config = kindBySlug(slug);
  if (!config) return <ConsoleNotFoundPage />;
  if (!editor) return <ContentListPage key={config.kind} config={config} />;
  if (id === 'new') return <ContentEditorPage key={`${config.kind}-new`} config={config} />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <ConsoleNotFoundPage />;
  return <ContentEditorPage key={`${config.kind}-${numeric}`} config={config} id={numeric} />;
}

export default function ContentPage() {
  const { pathname } = useLocation();
  const current = pathname.slice(CONTENT_BASE.length).split('/')[1] || undefined;
  return (
    <>
      <ContentNav current={current} />
      <Routes>
        <Route index element={<Navigate to={`${CONTENT_BASE}/news`} replace />} />
        <Route path={DOWNLOADS_SLUG} element={<DownloadsPage />} />
        <Route path=":slug" element={<KindRoute editor={false} />} />
        <Route path=":slug/:id" element={<KindRoute editor />} />
        <Route path="*" element={<ConsoleNotFoundPage />} />
      </Routes>
    </>
  );
}
