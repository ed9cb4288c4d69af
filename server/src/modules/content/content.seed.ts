/**
 * Content for a fresh start, through the same save functions the staff console uses (so HTML is cleaned).
 * - Always: the platform documents the footer links to (ids 3, 5, 6; type 2, tid 0) in zh-CN and English.
 * - With SEED_DEMO: news, help topics, questions and answers, hot plans, download links and software versions.
 * Each part runs once per database: a settings flag claimed in the same transaction as its rows, so concurrent
 * starts cannot seed twice and a failed seed leaves no flag behind.
 */
import { randomBytes } from 'node:crypto';
import type { ContentLang } from '@trackline/contract/content-types';
import { HELP_TYPE_DOCUMENTS, HELP_TYPE_TOPICS } from '@trackline/contract/content-types';
import type { Db } from '../../platform/db/database';
import { setSettingOnce } from '../../platform/db/settings';
import type { Deps } from '../../platform/deps';
import {
  saveDownloadConfig,
  saveHelpArticle,
  saveHelpCategory,
  saveHotPlan,
  saveNews,
  saveNewsCategory,
  saveQuestion,
  saveQuestionCategory,
  saveVersion,
} from './content.service';
import {
  type Bi,
  DOWNLOAD_LINKS,
  HELP_ARTICLES,
  HELP_CATEGORIES,
  HOT_PLANS,
  NEWS,
  NEWS_CATEGORIES,
  QUESTION_CATEGORIES,
  QUESTIONS,
  VERSIONS,
} from './seed-demo';
import { DOCUMENTS_CATEGORY, DOCUMENTS_CATEGORY_ID, SEED_DOCUMENTS } from './seed-documents';

const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/** Saves the zh-CN row, then the English one under the same id. Answers the id. */
async function bilingual<T>(item: Bi<T>, save: (lang: ContentLang, text: T, id?: number) => Promise<number>) {
  const id = await save('zh-CN', item.zh);
  await save('en', item.en, id);
  return id;
}

/** Runs `fill` in a transaction that first claims the flag; answers false (and does nothing) if it was claimed. */
async function once(db: Db, flag: string, fill: (trx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const mine = `${new Date().toISOString()} ${randomBytes(6).toString('hex')}`;
    if ((await setSettingOnce(trx, flag, mine)) !== mine) return false;
    await fill(trx);
    return true;
  });
}

async function seedDocuments(trx: Db): Promise<void> {
  const published = { status: 'published' as const, agent_id: null };
  await bilingual(DOCUMENTS_CATEGORY, (lang, title) =>
    saveHelpCategory(trx, {
      ...published,
      id: DOCUMENTS_CATEGORY_ID,
      lang,
      type: HELP_TYPE_DOCUMENTS,
      title,
      sort: 99,
    }),
  );
  for (const doc of SEED_DOCUMENTS) {
    for (const lang of ['zh-CN', 'en'] as const) {
      const text = lang === 'en' ? doc.en : doc.zh;
      await saveHelpArticle(trx, {
        ...published,
        id: doc.id,
        lang,
        category_id: DOCUMENTS_CATEGORY_ID,
        type: HELP_TYPE_DOCUMENTS,
        tid: 0,
        sort: doc.sort,
        title: text.title,
        content: text.content,
      });
    }
  }
}

async function seedDemo(trx: Db): Promise<void> {
  const published = { status: 'published' as const, agent_id: null };

  const newsCategories: number[] = [];
  for (const [i, name] of NEWS_CATEGORIES.entries())
    newsCategories.push(
      await bilingual(name, (lang, text, id) => saveNewsCategory(trx, { ...published, id, lang, name: text, sort: i })),
    );
  for (const item of NEWS) {
    const publish_at = daysFromNow(-item.daysAgo);
    await bilingual(item, (lang, text, id) =>
      saveNews(trx, { ...published, ...text, id, lang, category_id: newsCategories[item.category]!, publish_at }),
    );
  }

  const helpCategories: number[] = [];
  for (const [i, title] of HELP_CATEGORIES.entries())
    helpCategories.push(
      await bilingual(title, (lang, text, id) =>
        saveHelpCategory(trx, { ...published, id, lang, type: HELP_TYPE_TOPICS, title: text, sort: i }),
      ),
    );
  for (const [i, item] of HELP_ARTICLES.entries()) {
    const category_id = helpCategories[item.category]!;
    // tid: the topic's sub-category, which is its category
    await bilingual(item, (lang, text, id) =>
      saveHelpArticle(trx, {
        ...published,
        ...text,
        id,
        lang,
        category_id,
        type: HELP_TYPE_TOPICS,
        tid: category_id,
        sort: i,
      }),
    );
  }

  const questionCategories: number[] = [];
  for (const [i, name] of QUESTION_CATEGORIES.entries())
    questionCategories.push(
      await bilingual(name, (lang, text, id) =>
        saveQuestionCategory(trx, { ...published, id, lang, name: text, sort: i }),
      ),
    );
  for (const [i, item] of QUESTIONS.entries())
    await bilingual(item, (lang, text, id) =>
      saveQuestion(trx, { ...published, ...text, id, lang, category_id: questionCategories[item.category]!, sort: i }),
    );

  for (const [i, plan] of HOT_PLANS.entries()) {
    const dates = { starts_at: daysFromNow(plan.startsInDays), ends_at: daysFromNow(plan.endsInDays) };
    await bilingual(plan, (lang, text, id) => saveHotPlan(trx, { ...published, ...text, ...dates, id, lang, sort: i }));
  }

  for (const v of VERSIONS)
    await bilingual(v, (lang, notes, id) =>
      saveVersion(trx, {
        ...published,
        id,
        lang,
        platform: v.platform,
        version: v.version,
        notes,
        released_at: daysFromNow(-v.daysAgo),
      }),
    );

  await saveDownloadConfig(trx, { agent_id: null, ...DOWNLOAD_LINKS });
}

export async function seedContent(deps: Deps, options: { demo: boolean }) {
  const { db } = deps.database;
  const documents = await once(db, 'content_documents_seeded', seedDocuments);
  const demo = options.demo ? await once(db, 'content_demo_seeded', seedDemo) : false;
  return { documents, demo };
}
