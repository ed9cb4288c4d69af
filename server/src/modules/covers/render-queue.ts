/**
 * Renders take a core and ~100 MB each at 3000×3000, so one server runs at most RENDER_SLOTS at a time and queues up
 * to RENDER_QUEUE more; past that a caller is told COVER_BUSY (429) rather than making everyone wait. Per process:
 * several servers each keep their own slots, which is what a core-bound limit should be.
 */
import { AppError } from '../../platform/http/app-error';

export const RENDER_SLOTS = 2;
export const RENDER_QUEUE = 24;

let running = 0;
const waiting: Array<() => void> = [];

export async function inRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RENDER_SLOTS) {
    if (waiting.length >= RENDER_QUEUE) throw new AppError('COVER_BUSY');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next caller, so `running` stays counted for it.
    if (next) next();
    else running--;
  }
}
