/**
 * Public content (news, help centre, questions and answers, hot plans, downloads, software versions) and problem
 * feedback.
 *
 * A content item is one id with a row per language: the primary key is (id, lang), and a translation reuses the id
 * of its original. So the help centre's platform documents keep their ids (about the platform 3, platform
 * agreement 5, content admission 6, the footer's links) in every language. Ids below 100 are reserved for such
 * fixed items: the sequences start at 100 and the seed inserts the fixed ones with explicit ids.
 *
 * agent_id NULL is global content; otherwise it belongs to that agent's site alone. A row is visible when it is
 * published and its publish_at has passed.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE news_categories (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      name text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang)
    );
    ALTER SEQUENCE news_categories_id_seq RESTART WITH 100;

    CREATE TABLE news (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      category_id bigint NOT NULL,
      title text NOT NULL,
      summary text NOT NULL DEFAULT '',
      cover text NOT NULL DEFAULT '',
      author text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang),
      FOREIGN KEY (category_id, lang) REFERENCES news_categories(id, lang)
    );
    ALTER SEQUENCE news_id_seq RESTART WITH 100;
    -- the public list: one language, published, newest first (agent filtered among these)
    CREATE INDEX news_public ON news (lang, publish_at DESC, id DESC) WHERE status = 'published';
    CREATE INDEX news_category ON news (category_id, lang, publish_at DESC) WHERE status = 'published';

    CREATE TABLE help_categories (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      type smallint NOT NULL CHECK (type IN (1, 2)),
      title text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang)
    );
    ALTER SEQUENCE help_categories_id_seq RESTART WITH 100;

    CREATE TABLE help_articles (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      category_id bigint NOT NULL,
      type smallint NOT NULL CHECK (type IN (1, 2)),
      tid integer NOT NULL DEFAULT 0 CHECK (tid >= 0),
      title text NOT NULL,
      content text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang),
      FOREIGN KEY (category_id, lang) REFERENCES help_categories(id, lang)
    );
    ALTER SEQUENCE help_articles_id_seq RESTART WITH 100;
    CREATE INDEX help_articles_category ON help_articles (category_id, lang, sort, id) WHERE status = 'published';

    CREATE TABLE question_categories (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      name text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang)
    );
    ALTER SEQUENCE question_categories_id_seq RESTART WITH 100;

    CREATE TABLE questions (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      category_id bigint NOT NULL,
      question text NOT NULL,
      answer text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang),
      FOREIGN KEY (category_id, lang) REFERENCES question_categories(id, lang)
    );
    ALTER SEQUENCE questions_id_seq RESTART WITH 100;
    CREATE INDEX questions_public ON questions (lang, sort, id) WHERE status = 'published';

    CREATE TABLE hot_plans (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      title text NOT NULL,
      summary text NOT NULL DEFAULT '',
      cover text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      terms text NOT NULL DEFAULT '',
      starts_at timestamptz,
      ends_at timestamptz,
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang),
      CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at >= starts_at)
    );
    ALTER SEQUENCE hot_plans_id_seq RESTART WITH 100;
    CREATE INDEX hot_plans_public ON hot_plans (lang, sort, publish_at DESC, id DESC) WHERE status = 'published';

    -- the app links of a site: one row per agent, or the global row (agent_id NULL) for sites without one
    CREATE TABLE download_configs (
      id bigserial PRIMARY KEY,
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      ios text NOT NULL DEFAULT '',
      android text NOT NULL DEFAULT '',
      win32 text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX download_configs_agent ON download_configs (agent_id) NULLS NOT DISTINCT;

    CREATE TABLE soft_versions (
      id bigserial NOT NULL,
      lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      platform text NOT NULL CHECK (platform IN ('ios', 'android', 'win32', 'mac')),
      version text NOT NULL,
      notes text NOT NULL DEFAULT '',
      released_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      publish_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, lang)
    );
    ALTER SEQUENCE soft_versions_id_seq RESTART WITH 100;
    CREATE INDEX soft_versions_public ON soft_versions (lang, released_at DESC, id DESC) WHERE status = 'published';

    CREATE TABLE problem_feedback (
      id bigserial PRIMARY KEY,
      type smallint NOT NULL CHECK (type BETWEEN 1 AND 9),
      content text NOT NULL,
      mobile text NOT NULL DEFAULT '',
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      agent_id bigint REFERENCES agents(id) ON DELETE SET NULL,
      ip text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by bigint REFERENCES staff(id) ON DELETE SET NULL,
      CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    );
    CREATE INDEX problem_feedback_queue ON problem_feedback (status, id DESC);
    CREATE INDEX problem_feedback_type ON problem_feedback (type, status, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE problem_feedback, soft_versions, download_configs, hot_plans, questions, question_categories,
    help_articles, help_categories, news, news_categories`.execute(db);
}
