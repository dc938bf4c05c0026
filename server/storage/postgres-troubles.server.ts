import type pg from 'pg'
import type { DeliveryKind, DestinationTrouble, DestinationTroubleStore } from '#server/storage/lead-store.server.ts'
import { inTransaction } from './postgres-client.server.ts'

/** Destinations in trouble (lead-store.server.ts), in the fleet's database: one notice a day whichever origin sees the failure. */
export function postgresTroubles(pool: pg.Pool): DestinationTroubleStore {
  return {
    noteTrouble: async ({ site, kind, target, paused, error, at }) =>
      void (await pool.query(
        `INSERT INTO destination_troubles (site, kind, target, paused, since, last_error) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (site, kind, target) DO UPDATE SET paused = destination_troubles.paused OR excluded.paused,
           last_error = excluded.last_error`,
        [site, kind, target, paused, at, error],
      )),
    clearTrouble: async ({ site, kind, target }) =>
      void (await pool.query('DELETE FROM destination_troubles WHERE site = $1 AND kind = $2 AND target = $3 AND NOT paused', [
        site,
        kind,
        target,
      ])),
    troubles: async (site) =>
      (
        await pool.query<DestinationTrouble & { kind: DeliveryKind }>(
          `SELECT site, kind, target, paused, since, last_error AS "lastError", notified_day AS "notifiedDay"
           FROM destination_troubles WHERE $1::text IS NULL OR site = $1 ORDER BY site, kind, target`,
          [site ?? null],
        )
      ).rows,
    claimTroubleNotice: async ({ site, kind, target }, day) =>
      (
        await pool.query(
          `UPDATE destination_troubles SET notified_day = $4
           WHERE site = $1 AND kind = $2 AND target = $3 AND notified_day IS DISTINCT FROM $4`,
          [site, kind, target, day],
        )
      ).rowCount === 1,
    reenable: ({ site, kind, target }, now) =>
      inTransaction(pool, async (client) => {
        await client.query('DELETE FROM destination_troubles WHERE site = $1 AND kind = $2 AND target = $3', [site, kind, target])
        const woken = await client.query(
          `UPDATE lead_deliveries SET next_attempt_at = $4
           WHERE state = 'pending' AND kind = $2 AND target = $3 AND lead_id IN (SELECT id FROM leads WHERE site = $1)`,
          [site, kind, target, now],
        )
        return woken.rowCount ?? 0
      }),
    park: async ({ id, claimedUntil }, at, note) =>
      (
        await pool.query(
          `UPDATE lead_deliveries SET attempts = greatest(attempts - 1, 0), next_attempt_at = $3, last_error = $4, claimed_until = 0
           WHERE id = $1 AND state = 'pending' AND claimed_until = $2`,
          [id, claimedUntil, at, note],
        )
      ).rowCount === 1,
  }
}
