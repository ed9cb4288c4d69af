/**
 * /admin/review (roles editor and admin): the review queue, and one work at /admin/review/<id>.
 */
import { Route, Routes, useParams } from 'react-router';
import ConsoleNotFoundPage from '../shell/not-found-page';
import ReviewQueuePage from './review-queue-page';
import ReviewWorkPage from './review-work-page';

function WorkRoute() {
  const { id } = useParams();
  const numeric = Number(id);
  if (!/^\d+$/.test(id ?? '') || !Number.isSafeInteger(numeric) || numeric <= 0) return <ConsoleNotFoundPage />;
  // Keyed by id: moving to another work starts from a clean page (open dialogs, players).
  return <ReviewWorkPage key={numeric} id={numeric} />;
}

export default function ReviewPage() {
  return (
    <Routes>
      <Route index element={<ReviewQueuePage />} />
      <Route path=":id" element={<WorkRoute />} />
      <Route path="*" element={<ConsoleNotFoundPage />} />
    </Routes>
  );
}
