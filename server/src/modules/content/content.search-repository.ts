/**
 * The help centre's search over the content tables (issue 9): help articles (topics and documents), news and
 * questions, with the same visibility as every public query (published, due, global or the site's own, one
 * language). A keyword matches titles and the text of bodies with their HTML tags taken out, so "div" finds no
 * article for its markup. Title matches come first, then the newest.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { likePattern, type Scope, visible } from './content.repository';

/** A body's text without its tags, for matching (tags become spaces so words either side stay apart). */
const plain = (column: string) => sql<string>`regexp_replace(${sql.ref(column)}, '<[^>]+>', ' ', 'g')`;

function helpQuery(db: Db, scope: Scope, keyword: string) {
  const pattern = likePattern(keyword);
  return db
    .selectFrom('help_articles as a')
    .innerJoin('help_categories as c', (j) => j.onRef('c.id', '=', 'a.category_id').onRef('c.lang', '=', 'a.lang'))
    .where('a.lang', '=', scope.lang)
    .where(visible('a', scope.agentId))
    .where(visible('c', scope.agentId))
    .where((eb) => eb.or([eb('a.title', 'ilike', pattern), eb(plain('a.content'), 'ilike', pattern)]));
}

export async function searchHelp(db: Db, scope: Scope, keyword: string, limit: number) {
  const pattern = likePattern(keyword);
  const [list, count] = await Promise.all([
    helpQuery(db, scope, keyword)
      .select(['a.id', 'a.type', 'a.tid', 'a.title', 'c.title as category_title', 'a.content'])
      .orderBy(sql`CASE WHEN a.title ILIKE ${pattern} THEN 0 ELSE 1 END`)
      .orderBy('a.updated_at', 'desc')
      .orderBy('a.id')
      .limit(limit)
      .execute(),
    helpQuery(db, scope, keyword)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

function newsQuery(db: Db, scope: Scope, keyword: string) {
  const pattern = likePattern(keyword);
  return db
    .selectFrom('news as n')
    .innerJoin('news_categories as c', (j) => j.onRef('c.id', '=', 'n.category_id').onRef('c.lang', '=', 'n.lang'))
    .where('n.lang', '=', scope.lang)
    .where(visible('n', scope.agentId))
    .where(visible('c', scope.agentId))
    .where((eb) =>
      eb.or([
        eb('n.title', 'ilike', pattern),
        eb('n.summary', 'ilike', pattern),
        eb(plain('n.content'), 'ilike', pattern),
      ]),
    );
}

export async function searchNews(db: Db, scope: Scope, keyword: string, limit: number) {
  const pattern = likePattern(keyword);
  const [list, count] = await Promise.all([
    newsQuery(db, scope, keyword)
      .select(['n.id', 'n.title', 'n.summary', 'n.content', 'n.publish_at'])
      .orderBy(sql`CASE WHEN n.title ILIKE ${pattern} THEN 0 ELSE 1 END`)
      .orderBy('n.publish_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .execute(),
    newsQuery(db, scope, keyword)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

function questionQuery(db: Db, scope: Scope, keyword: string) {
  const pattern = likePattern(keyword);
  return db
    .selectFrom('questions as q')
    .innerJoin('question_categories as c', (j) => j.onRef('c.id', '=', 'q.category_id').onRef('c.lang', '=', 'q.lang'))
    .where('q.lang', '=', scope.lang)
    .where(visible('q', scope.agentId))
    .where(visible('c', scope.agentId))
    .where((eb) => eb.or([eb('q.question', 'ilike', pattern), eb(plain('q.answer'), 'ilike', pattern)]));
}

export async function searchQuestions(db: Db, scope: Scope, keyword: string, limit: number) {
  const pattern = likePattern(keyword);
  const [list, count] = await Promise.all([
    questionQuery(db, scope, keyword)
      .select(['q.id', 'q.question', 'q.answer'])
      .orderBy(sql`CASE WHEN q.question ILIKE ${pattern} THEN 0 ELSE 1 END`)
      .orderBy('c.sort')
      .orderBy('q.sort')
      .orderBy('q.id')
      .limit(limit)
      .execute(),
    questionQuery(db, scope, keyword)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}
