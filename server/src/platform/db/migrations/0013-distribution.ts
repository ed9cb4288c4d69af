/**
 * Delivery to stores (issue 13, distribution module).
 *
 * platforms gains each store's delivery settings: its DDEX party id and name, the transport ('sftp', 'local' for a
 * folder the store collects by other means, 'none' for a store the engine does not deliver to), address (host:port,
 * or a folder under DELIVERY_DIR), user name, which entry of the DELIVERY_CREDENTIALS setting holds its secret (never
 * the secret itself), the pinned host key, folders, batch or release-by-release, the days it usually takes to go live
 * (lead time), its rule pack, its deal terms (commercial models and use types), how it confirms going live ('ack': an
 * accepted acknowledgement and the release date reached; 'manual': an editor confirms), test messages, enabled, held.
 *
 * delivery_messages: one row per (release, store, message) with its state. `xml` and `xml_sha256` are the exact
 * message sent: written once, never changed (a trigger refuses), so any past delivery can be re-read and diffed;
 * they go only with their work (like its history, work_events).
 * delivery_batches: one upload to one store (its BatchId fixes the folder name, so a rerun resumes the same folder).
 * delivery_acks: every acknowledgement file read, once (unique by store and file name), a late second one included.
 *
 * works.status gains 992 "taken down" (the spec's table has no code for it; documented in README).
 */
import { type Kysely, sql } from 'kysely';

const STATUSES = `('00','01','10','11','100','101','200','201','300','301','400','401','990','991','992')`;
const OLD_STATUSES = `('00','01','10','11','100','101','200','201','300','301','400','401','990','991')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE works DROP CONSTRAINT works_status_check,
      ADD CONSTRAINT works_status_check CHECK (status IN ${sql.raw(STATUSES)});
    ALTER TABLE work_events DROP CONSTRAINT work_events_from_status_check,
      ADD CONSTRAINT work_events_from_status_check CHECK (from_status IN ${sql.raw(STATUSES)}),
      DROP CONSTRAINT work_events_to_status_check,
      ADD CONSTRAINT work_events_to_status_check CHECK (to_status IN ${sql.raw(STATUSES)});

    ALTER TABLE platforms
      ADD COLUMN dpid text CHECK (dpid ~ '^PADPIDA[a-zA-Z0-9]+$'),
      ADD COLUMN ddex_name text NOT NULL DEFAULT '',
      ADD COLUMN transport text NOT NULL DEFAULT 'none' CHECK (transport IN ('none', 'sftp', 'local')),
      ADD COLUMN address text NOT NULL DEFAULT '',
      ADD COLUMN username text NOT NULL DEFAULT '',
      ADD COLUMN credential_ref text NOT NULL DEFAULT '',
      ADD COLUMN host_key_sha256 text NOT NULL DEFAULT '',
      ADD COLUMN folder text NOT NULL DEFAULT '',
      ADD COLUMN ack_folder text NOT NULL DEFAULT 'acknowledgements',
      ADD COLUMN batch_mode text NOT NULL DEFAULT 'batch' CHECK (batch_mode IN ('batch', 'release')),
      ADD COLUMN lead_days integer NOT NULL DEFAULT 5 CHECK (lead_days BETWEEN 0 AND 90),
      ADD COLUMN rule_pack text NOT NULL DEFAULT 'generic',
      ADD COLUMN deal_terms jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN live_confirmation text NOT NULL DEFAULT 'manual' CHECK (live_confirmation IN ('ack', 'manual')),
      ADD COLUMN test_messages boolean NOT NULL DEFAULT false,
      ADD COLUMN delivery_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN held boolean NOT NULL DEFAULT false,
      ADD COLUMN held_reason text NOT NULL DEFAULT '';

    -- Out of the box every store is a folder under DELIVERY_DIR (collected by other means) until the operator gives
    -- it its SFTP account: deliveries are real (built, checked, written) from the first start. DPIDs stay empty
    -- until the operator enters the ones the stores gave; a store without one is refused by the gates.
    UPDATE platforms SET transport = 'local', address = code, delivery_enabled = true, ddex_name = name_en,
      deal_terms = '[{"commercialModels":["SubscriptionModel","AdvertisementSupportedModel"],"useTypes":["OnDemandStream","NonInteractiveStream"]},{"commercialModels":["PayAsYouGoModel"],"useTypes":["PermanentDownload"]}]',
      rule_pack = CASE WHEN code = 'spotify' THEN 'spotify' WHEN code = 'youtube_music' THEN 'youtube'
        WHEN region = 'cn' THEN 'cn' ELSE 'generic' END,
      lead_days = CASE WHEN code IN ('spotify') THEN 5 WHEN code IN ('apple_music') THEN 2 WHEN region = 'cn' THEN 3
        ELSE 7 END;

    CREATE TABLE delivery_batches (
      id bigserial PRIMARY KEY,
      platform_code text NOT NULL REFERENCES platforms(code),
      batch_id text NOT NULL CHECK (batch_id ~ '^[0-9]{17}$'),
      folder text NOT NULL,
      state text NOT NULL DEFAULT 'uploading' CHECK (state IN ('uploading', 'complete', 'failed')),
      files integer NOT NULL DEFAULT 0,
      bytes bigint NOT NULL DEFAULT 0,
      error text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (platform_code, batch_id)
    );

    CREATE TABLE delivery_messages (
      id bigserial PRIMARY KEY,
      work_id bigint NOT NULL REFERENCES works(id) ON DELETE CASCADE,
      platform_code text NOT NULL REFERENCES platforms(code),
      message_id text NOT NULL UNIQUE,
      action text NOT NULL CHECK (action IN ('insert', 'update', 'takedown', 'purge')),
      -- full: every file; metadata: the files the store has are listed, not sent
      scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'metadata')),
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'built', 'validated', 'uploading', 'delivered',
        'acknowledged', 'live', 'failed', 'taken_down', 'superseded')),
      state_at timestamptz NOT NULL DEFAULT now(),
      batch_id bigint REFERENCES delivery_batches(id),
      xml text,
      xml_sha256 text CHECK (xml_sha256 ~ '^[0-9a-f]{64}$'),
      release jsonb,
      -- why it failed: the rule named (a gate's, a transport's, or the store's acknowledgement status) and details
      failure_rule text,
      failure_detail jsonb,
      ack_status text,
      ack_text text NOT NULL DEFAULT '',
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      delivered_at timestamptz,
      acknowledged_at timestamptz,
      live_at timestamptz,
      -- live confirmed by the store's acknowledgement (and date), or by an editor for a store that gives none
      live_by text CHECK (live_by IN ('store', 'editor')),
      created_by_staff bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_by_user bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((xml IS NULL) = (xml_sha256 IS NULL))
    );
    CREATE INDEX delivery_messages_work ON delivery_messages (work_id, platform_code, id DESC);
    CREATE INDEX delivery_messages_due ON delivery_messages (next_attempt_at)
      WHERE state IN ('queued', 'built', 'validated', 'uploading');
    CREATE INDEX delivery_messages_failed ON delivery_messages (platform_code, failure_rule) WHERE state = 'failed';

    CREATE FUNCTION delivery_xml_immutable() RETURNS trigger AS $$
    BEGIN
      IF OLD.xml IS NOT NULL AND (NEW.xml IS DISTINCT FROM OLD.xml OR NEW.xml_sha256 IS DISTINCT FROM OLD.xml_sha256) THEN
        RAISE EXCEPTION 'delivery_messages % : the XML sent is immutable', OLD.id;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER delivery_xml_immutable BEFORE UPDATE ON delivery_messages
      FOR EACH ROW EXECUTE FUNCTION delivery_xml_immutable();

    CREATE TABLE delivery_acks (
      id bigserial PRIMARY KEY,
      platform_code text NOT NULL REFERENCES platforms(code),
      file_name text NOT NULL,
      message_row_id bigint REFERENCES delivery_messages(id) ON DELETE SET NULL,
      status text NOT NULL,
      error_text text NOT NULL DEFAULT '',
      raw text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (platform_code, file_name)
    );
    CREATE INDEX delivery_acks_message ON delivery_acks (message_row_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS delivery_acks, delivery_messages, delivery_batches;
    DROP FUNCTION IF EXISTS delivery_xml_immutable();
    ALTER TABLE platforms DROP COLUMN dpid, DROP COLUMN ddex_name, DROP COLUMN transport, DROP COLUMN address,
      DROP COLUMN username, DROP COLUMN credential_ref, DROP COLUMN host_key_sha256, DROP COLUMN folder,
      DROP COLUMN ack_folder, DROP COLUMN batch_mode, DROP COLUMN lead_days, DROP COLUMN rule_pack,
      DROP COLUMN deal_terms, DROP COLUMN live_confirmation, DROP COLUMN test_messages, DROP COLUMN delivery_enabled,
      DROP COLUMN held, DROP COLUMN held_reason;
    UPDATE works SET status = '991' WHERE status = '992';
    ALTER TABLE works DROP CONSTRAINT works_status_check,
      ADD CONSTRAINT works_status_check CHECK (status IN ${sql.raw(OLD_STATUSES)});
  `.execute(db);
}
