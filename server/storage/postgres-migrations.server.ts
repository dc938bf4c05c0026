import type pg from 'pg'
import { resultsByZoneMigration } from './results-sql.server.ts'
import { LEAD_PAGES_MIGRATION } from './lead-rows.server.ts'

/**
 * The PostgreSQL schema, one entry per version, never edited once released: append a new one.
 * Times are epoch milliseconds (bigint) so both stores share the lead code above them.
 */
export const POSTGRES_MIGRATIONS = [
  `CREATE TABLE leads (
     seq bigint GENERATED ALWAYS AS IDENTITY,
     id text PRIMARY KEY,
     idempotency_key text NOT NULL UNIQUE,
     page_id text NOT NULL,
     site text NOT NULL,
     created_at bigint NOT NULL,
     lead_json json NOT NULL,
     relay_body_json json NOT NULL,
     relay_url text,
     state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'held')),
     attempts integer NOT NULL DEFAULT 0,
     queued_at bigint NOT NULL,
     next_attempt_at bigint NOT NULL,
     claimed_until bigint NOT NULL DEFAULT 0,
     claimed_by text,
     last_error text,
     delivered_at bigint,
     client_ip text,
     user_agent text
   );
   CREATE INDEX leads_due ON leads (next_attempt_at) WHERE state = 'pending';
   CREATE INDEX leads_site ON leads (site, created_at);
   CREATE TABLE visit_days (site text NOT NULL, day text NOT NULL, views bigint NOT NULL, PRIMARY KEY (site, day));
   CREATE TABLE rate_limits (key text PRIMARY KEY, hits integer NOT NULL, reset_at bigint NOT NULL);`,
  // What the site brought in (issue 30): aggregates per site and day; today's salt and once-keys only.
  `CREATE TABLE results_salts (day text PRIMARY KEY, salt text NOT NULL);
   CREATE TABLE results_once (day text NOT NULL, key text NOT NULL, PRIMARY KEY (day, key));
   CREATE TABLE results_labels (site text NOT NULL, month text NOT NULL, dimension text NOT NULL, label text NOT NULL,
     PRIMARY KEY (site, month, dimension, label));
   CREATE TABLE results_counts (site text NOT NULL, day text NOT NULL, metric text NOT NULL, label text NOT NULL, device text NOT NULL,
     n bigint NOT NULL, PRIMARY KEY (site, day, metric, label, device));`,
  // Issue 30: nothing of a visitor's that they did not type. Leads no longer keep the address and browser they came
  // from (erased from the old rows; the trigger keeps them empty whatever inserts, e.g. an instance of the previous
  // version during a rolling deploy), and rate-limit keys are keyed hashes now: the old ones, which named addresses, go.
  `UPDATE leads SET client_ip = NULL, user_agent = NULL WHERE client_ip IS NOT NULL OR user_agent IS NOT NULL;
   CREATE FUNCTION leads_keep_no_client() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN NEW.client_ip := NULL; NEW.user_agent := NULL; RETURN NEW; END $$;
   CREATE TRIGGER leads_keep_no_client BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION leads_keep_no_client();
   DELETE FROM rate_limits;`,
  // Issue 28: one record per provider endpoint for the fleet. The lease (database clock, epoch ms) says which origin
  // fetches; the last good answer, its version and who fetched it are what every other origin serves.
  `CREATE TABLE fleet_records (
     endpoint text PRIMARY KEY,
     lease_holder text,
     lease_until bigint NOT NULL DEFAULT 0,
     body text,
     version text,
     fetched_at text,
     fetched_by text
   );`,
  // Issue 28: the record images are the fleet's (server/images/fleet-image-store.server.ts). image_fleet's one row
  // counts changes: `generation` those a page shows (an image ready or dropped), `changes` any (failures, new URLs).
  // Variant bytes are JPEG/PNG/WebP already: stored EXTERNAL (out of line, not compressed again).
  `CREATE TABLE image_fleet (one boolean PRIMARY KEY DEFAULT true CHECK (one), generation bigint NOT NULL DEFAULT 0,
     changes bigint NOT NULL DEFAULT 0);
   INSERT INTO image_fleet DEFAULT VALUES;
   CREATE TABLE image_variants (hash text PRIMARY KEY, width integer NOT NULL, height integer NOT NULL,
     fallback text NOT NULL CHECK (fallback IN ('jpg', 'png')), bytes bigint NOT NULL, created_at bigint NOT NULL);
   CREATE TABLE image_files (hash text NOT NULL REFERENCES image_variants ON DELETE CASCADE, name text NOT NULL,
     data bytea NOT NULL, PRIMARY KEY (hash, name));
   ALTER TABLE image_files ALTER COLUMN data SET STORAGE EXTERNAL;
   CREATE TABLE image_sources (
     url text PRIMARY KEY,
     state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
     hash text REFERENCES image_variants,
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at bigint NOT NULL DEFAULT 0,
     claimed_until bigint NOT NULL DEFAULT 0,
     claimed_by text,
     last_error text,
     needed_at bigint NOT NULL
   );
   CREATE INDEX image_sources_hash ON image_sources (hash);`,
  // Issue 36: a lead has a delivery per destination (relay, email, webhooks); the relay's state moves from its lead to its
  // delivery (the same id). The leads' old relay columns keep a lease that never ends (lead-rows.server.ts, LEGACY_CLAIM), so
  // an instance of the previous version still running never relays again, and a lead it stores gets its relay delivery
  // from the trigger.
  `CREATE TABLE lead_deliveries (
     id text PRIMARY KEY,
     lead_id text NOT NULL REFERENCES leads (id),
     kind text NOT NULL CHECK (kind IN ('relay', 'email', 'webhook')),
     position integer NOT NULL,
     target text,
     detail_json json,
     state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'held')),
     attempts integer NOT NULL DEFAULT 0,
     queued_at bigint NOT NULL,
     next_attempt_at bigint NOT NULL,
     claimed_until bigint NOT NULL DEFAULT 0,
     claimed_by text,
     last_error text,
     delivered_at bigint,
     UNIQUE (lead_id, position)
   );
   CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE state = 'pending';
   ALTER TABLE leads ADD COLUMN form text;
   INSERT INTO lead_deliveries (id, lead_id, kind, position, target, state, attempts, queued_at, next_attempt_at, claimed_until,
     claimed_by, last_error, delivered_at)
   SELECT id, id, 'relay', 0, relay_url, state, attempts, queued_at, next_attempt_at, claimed_until, claimed_by, last_error, delivered_at
   FROM leads;
   UPDATE leads SET claimed_until = 9007199254740991;
   CREATE FUNCTION leads_relay_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO lead_deliveries (id, lead_id, kind, position, target, state, queued_at, next_attempt_at)
       VALUES (NEW.id, NEW.id, 'relay', 0, NEW.relay_url, NEW.state, NEW.queued_at, NEW.next_attempt_at) ON CONFLICT DO NOTHING;
       UPDATE leads SET claimed_until = 9007199254740991 WHERE id = NEW.id;
       RETURN NULL;
     END $$;
   CREATE TRIGGER leads_relay_delivery AFTER INSERT ON leads FOR EACH ROW WHEN (NEW.claimed_until <> 9007199254740991)
     EXECUTE FUNCTION leads_relay_delivery();`,
  // Issue 37: days in each site's time zone, labels bounded by visitors, attribution, deliveries, share links
  // (results-sql.server.ts). The day keys' tables are UNLOGGED: a salt is never written to the WAL, a replica or a base
  // backup; after a crash PostgreSQL empties them, and the day's visitors may count twice.
  resultsByZoneMigration('bigint', 'UNLOGGED'),
  // Issue 35: the console's people, passkeys, sessions (tokens as their hash), invitations, ceremony challenges and
  // activity (server/storage/console-storage.ts); its Sites page counts every site's recent leads in one grouped query.
  `CREATE TABLE console_people (id text PRIMARY KEY, email text NOT NULL UNIQUE,
     role text NOT NULL CHECK (role IN ('admin', 'staff', 'contractor')), sites text NOT NULL DEFAULT '[]', created_at bigint NOT NULL);
   CREATE TABLE console_passkeys (id text PRIMARY KEY, person_id text NOT NULL, public_key bytea NOT NULL, counter bigint NOT NULL,
     transports text NOT NULL DEFAULT '[]', name text NOT NULL, created_at bigint NOT NULL, last_used_at bigint);
   CREATE INDEX console_passkeys_person ON console_passkeys (person_id);
   CREATE TABLE console_sessions (id_hash text PRIMARY KEY, person_id text NOT NULL, passkey_id text,
     created_at bigint NOT NULL, last_seen_at bigint NOT NULL);
   CREATE INDEX console_sessions_person ON console_sessions (person_id);
   CREATE TABLE console_invitations (token_hash text PRIMARY KEY, email text NOT NULL, role text NOT NULL, sites text NOT NULL,
     invited_by text NOT NULL, created_at bigint NOT NULL, expires_at bigint NOT NULL, used_at bigint);
   CREATE TABLE console_challenges (challenge text PRIMARY KEY, purpose text NOT NULL, subject text NOT NULL, expires_at bigint NOT NULL);
   CREATE TABLE console_activity (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at bigint NOT NULL, email text NOT NULL,
     action text NOT NULL, site text, detail text NOT NULL DEFAULT '');
   CREATE INDEX console_activity_at ON console_activity (at);
   CREATE INDEX console_activity_site ON console_activity (site, id);
   CREATE INDEX console_activity_email ON console_activity (email, id);
   CREATE INDEX leads_created ON leads (created_at);`,
  // Issue 38: origins read the image manifest incrementally. A row's `changed_txid` is the transaction that last
  // changed what a page or report shows of it (state, variants, error), so an origin asks only for rows changed since
  // the oldest transaction still running at its last read. Deleted rows cannot be asked for: each clean-up or eviction
  // counts one `removals`, and an origin that sees the count move reads the whole manifest again. (image_fleet's
  // `generation` and `changes` are no longer written: a bump per photo serialised every origin's writes on one row.)
  `ALTER TABLE image_sources ADD COLUMN changed_txid bigint NOT NULL DEFAULT txid_current();
   CREATE INDEX image_sources_changed ON image_sources (changed_txid);
   CREATE FUNCTION image_sources_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' OR NEW.state IS DISTINCT FROM OLD.state OR NEW.hash IS DISTINCT FROM OLD.hash
          OR NEW.last_error IS DISTINCT FROM OLD.last_error THEN
         NEW.changed_txid := txid_current();
       END IF;
       RETURN NEW;
     END $$;
   CREATE TRIGGER image_sources_changed BEFORE INSERT OR UPDATE ON image_sources FOR EACH ROW EXECUTE FUNCTION image_sources_changed();
   ALTER TABLE image_fleet ADD COLUMN removals bigint NOT NULL DEFAULT 0;`,
  // Issue 44: an erased lead keeps its row (site, time) as a tombstone; when and why it was erased.
  `ALTER TABLE leads ADD COLUMN erased_at bigint;
   ALTER TABLE leads ADD COLUMN erased_reason text;`,
  // Issue 42: the registry of sites (postgres-sites.server.ts): each site's SITES_FILE entry, and every version of it
  // (who, when, before, after), kept after the site is removed; the console API's tokens (their hash).
  `CREATE TABLE sites (id text PRIMARY KEY, entry text NOT NULL, version integer NOT NULL, updated_at bigint NOT NULL,
     updated_by text NOT NULL);
   CREATE TABLE site_versions (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, site text NOT NULL, version integer NOT NULL,
     changed_at bigint NOT NULL, changed_by text NOT NULL, before_entry text, after_entry text, UNIQUE (site, version));
   CREATE TABLE api_tokens (id text PRIMARY KEY, name text NOT NULL UNIQUE, hash text NOT NULL UNIQUE, role text NOT NULL,
     sites text NOT NULL, created_by text NOT NULL, created_at bigint NOT NULL, last_used_at bigint);`,
  // Issue 45: destinations that failed and have not delivered since ("needs attention"; paused after a 410), with the
  // day their admins were last emailed (one notice per destination and day across the fleet).
  `CREATE TABLE destination_troubles (site text NOT NULL, kind text NOT NULL, target text NOT NULL, paused boolean NOT NULL,
     since bigint NOT NULL, last_error text NOT NULL, notified_day text, PRIMARY KEY (site, kind, target));`,
  LEAD_PAGES_MIGRATION,
  // Issue 45: where a lead's visit began (source and campaign, as the results counted it), erased with the lead.
  `ALTER TABLE leads ADD COLUMN arrival_json json;`,
  // Issue 44: each site's number of leads, kept by the database with every insert (from any origin, of any version),
  // for the Leads page's total without counting 100 000 rows on each view; a lead is never deleted (erasure keeps a
  // tombstone). One upsert per statement, from its inserted rows. The trigger comes before the count, in the migration's
  // transaction: an insert waits for the commit, so none is counted twice or missed.
  `CREATE TABLE lead_totals (site text PRIMARY KEY, leads bigint NOT NULL);
   CREATE FUNCTION lead_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO lead_totals AS t (site, leads) SELECT site, count(*) FROM added GROUP BY site
         ON CONFLICT (site) DO UPDATE SET leads = t.leads + excluded.leads;
       RETURN NULL;
     END $$;
   CREATE TRIGGER lead_totals_add AFTER INSERT ON leads REFERENCING NEW TABLE AS added
     FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_add();
   INSERT INTO lead_totals (site, leads) SELECT site, count(*) FROM leads GROUP BY site;`,
  // Issue 43: the business name each fleet record gives, saved with it, so the console lists a site no origin of its
  // own holds (most of them, with thousands of sites) without reading its body. Filled by each record's next save.
  `ALTER TABLE fleet_records ADD COLUMN name text;`,
  // Issue 46: the width of a photo's portrait crop (its `p{width}.webp` files), for the phones that draw it in a tall
  // box; null for photos encoded before, which keep being served without one.
  `ALTER TABLE image_variants ADD COLUMN portrait integer;`,
]

/** Any constant shared by every instance: the advisory lock that lets one of them migrate at a time. */
const MIGRATION_LOCK = 7_240_112
/** A migration may rewrite a large table: its statements are not held to DATABASE_TIMEOUT_MS. */
const MIGRATION_TIMEOUT_MS = 30 * 60_000

/**
 * Brings the schema up to date. Several instances may start at once: each takes a transaction-scoped
 * advisory lock first, so one migrates and the others then find nothing left to do.
 */
export async function migrate(client: pg.ClientBase, migrations = POSTGRES_MIGRATIONS): Promise<{ from: number; to: number }> {
  // pg reads a query's own query_timeout; its types do not list it.
  const run = (text: string, values?: unknown[]) =>
    client.query<{ version: number | null }>({ text, values, query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig)
  await run('BEGIN')
  try {
    await run(`SET LOCAL statement_timeout = ${MIGRATION_TIMEOUT_MS}`) // and waiting for another instance's migration
    await run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await run('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL, migrated_at timestamptz NOT NULL DEFAULT now())')
    const { rows } = await run('SELECT max(version) AS version FROM schema_version')
    const from = rows[0]?.version ?? 0
    for (let v = from; v < migrations.length; v++) await run(migrations[v]!)
    if (from < migrations.length) await run('INSERT INTO schema_version (version) VALUES ($1)', [migrations.length])
    await run('COMMIT')
    return { from, to: Math.max(from, migrations.length) }
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {})
    throw e
  }
}
