import type pg from 'pg'
import type { ActivityEntry, ConsoleStorage, Passkey } from './console-storage.ts'
import {
  INVITATION_KEPT_MS,
  toInvitation,
  toPasskey,
  toPerson,
  toSession,
  type InvitationRow,
  type PasskeyRow,
  type PersonRow,
  type SessionRow,
} from './console-rows.server.ts'
import { inTransaction } from './postgres-client.server.ts'

const INSERT_PASSKEY = `INSERT INTO console_passkeys (id, person_id, public_key, counter, transports, name, created_at, last_used_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
const passkeyValues = (p: Passkey) => [
  p.id,
  p.personId,
  Buffer.from(p.publicKey),
  p.counter,
  JSON.stringify(p.transports),
  p.name,
  p.createdAt,
  p.lastUsedAt,
]

/** The console's storage in PostgreSQL (its tables: POSTGRES_MIGRATIONS). */
export function postgresConsole(pool: pg.Pool): ConsoleStorage {
  const rows = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => (await pool.query<R>(sql, values)).rows
  const changed = async (sql: string, values: unknown[]) => ((await pool.query(sql, values)).rowCount ?? 0) > 0

  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => inTransaction(pool, work)

  return {
    people: async () => (await rows<PersonRow>('SELECT * FROM console_people ORDER BY email')).map(toPerson),
    personById: async (id) => (await rows<PersonRow>('SELECT * FROM console_people WHERE id = $1', [id])).map(toPerson)[0],
    personByEmail: async (email) => (await rows<PersonRow>('SELECT * FROM console_people WHERE email = $1', [email])).map(toPerson)[0],
    updatePerson: (id, { role, sites }) =>
      changed('UPDATE console_people SET role = $2, sites = $3 WHERE id = $1', [id, role, JSON.stringify(sites)]),
    deletePerson: (id) =>
      transaction(async (client) => {
        await client.query('DELETE FROM console_sessions WHERE person_id = $1', [id])
        await client.query('DELETE FROM console_passkeys WHERE person_id = $1', [id])
        return ((await client.query('DELETE FROM console_people WHERE id = $1', [id])).rowCount ?? 0) > 0
      }),

    createInvitation: async (i) =>
      void (await pool.query(
        `INSERT INTO console_invitations (token_hash, email, role, sites, invited_by, created_at, expires_at, used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [i.tokenHash, i.email, i.role, JSON.stringify(i.sites), i.invitedBy, i.createdAt, i.expiresAt, i.usedAt],
      )),
    invitationByHash: async (hash) =>
      (await rows<InvitationRow>('SELECT * FROM console_invitations WHERE token_hash = $1', [hash])).map(toInvitation)[0],
    openInvitations: async (now) =>
      (
        await rows<InvitationRow>('SELECT * FROM console_invitations WHERE used_at IS NULL AND expires_at > $1 ORDER BY created_at DESC', [
          now,
        ])
      ).map(toInvitation),
    endInvitations: async (email, now) =>
      (
        await pool.query('UPDATE console_invitations SET expires_at = $2 WHERE email = $1 AND used_at IS NULL AND expires_at > $2', [
          email,
          now,
        ])
      ).rowCount ?? 0,
    acceptInvitation: (tokenHash, now, personId, passkey) =>
      transaction(async (client) => {
        const used = (
          await client.query<InvitationRow>(
            'UPDATE console_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *',
            [tokenHash, now],
          )
        ).rows[0]
        if (!used) return null
        // One statement whether the address is new or already a person's (a second invitation: recovery, a new role).
        const person = (
          await client.query<PersonRow>(
            `INSERT INTO console_people (id, email, role, sites, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (email) DO UPDATE SET role = excluded.role, sites = excluded.sites RETURNING *`,
            [personId, used.email, used.role, used.sites, now],
          )
        ).rows[0]!
        await client.query(INSERT_PASSKEY, passkeyValues({ ...passkey, personId: person.id, lastUsedAt: now }))
        return toPerson(person)
      }),

    passkeys: async (personId) =>
      (await rows<PasskeyRow>('SELECT * FROM console_passkeys WHERE person_id = $1 ORDER BY created_at', [personId])).map(toPasskey),
    passkeyById: async (id) => (await rows<PasskeyRow>('SELECT * FROM console_passkeys WHERE id = $1', [id])).map(toPasskey)[0],
    addPasskey: async (p) => void (await pool.query(INSERT_PASSKEY, passkeyValues(p))),
    renamePasskey: (personId, id, name) =>
      changed('UPDATE console_passkeys SET name = $3 WHERE person_id = $1 AND id = $2', [personId, id, name]),
    removePasskey: (personId, id) =>
      transaction(async (client) => {
        await client.query('DELETE FROM console_sessions WHERE person_id = $1 AND passkey_id = $2', [personId, id])
        return ((await client.query('DELETE FROM console_passkeys WHERE person_id = $1 AND id = $2', [personId, id])).rowCount ?? 0) > 0
      }),
    usePasskey: (id, expected, counter, now) =>
      changed('UPDATE console_passkeys SET counter = $3, last_used_at = $4 WHERE id = $1 AND counter = $2', [id, expected, counter, now]),

    createSession: async (s) =>
      void (await pool.query(
        'INSERT INTO console_sessions (id_hash, person_id, passkey_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)',
        [s.idHash, s.personId, s.passkeyId, s.createdAt, s.lastSeenAt],
      )),
    session: async (idHash) => (await rows<SessionRow>('SELECT * FROM console_sessions WHERE id_hash = $1', [idHash])).map(toSession)[0],
    touchSession: async (idHash, now) =>
      void (await pool.query('UPDATE console_sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, now])),
    deleteSession: (idHash) => changed('DELETE FROM console_sessions WHERE id_hash = $1', [idHash]),
    deletePersonSession: (personId, idHash) =>
      changed('DELETE FROM console_sessions WHERE person_id = $1 AND id_hash = $2', [personId, idHash]),
    sessions: async (personId) =>
      (await rows<SessionRow>('SELECT * FROM console_sessions WHERE person_id = $1 ORDER BY last_seen_at DESC', [personId])).map(toSession),
    pruneSessions: async (idleBefore, createdBefore) =>
      void (await pool.query('DELETE FROM console_sessions WHERE last_seen_at < $1 OR created_at < $2', [idleBefore, createdBefore])),

    saveChallenge: async (c) =>
      void (await pool.query('INSERT INTO console_challenges (challenge, purpose, subject, expires_at) VALUES ($1, $2, $3, $4)', [
        c.challenge,
        c.purpose,
        c.subject,
        c.expiresAt,
      ])),
    takeChallenge: async (challenge, purpose, now) => {
      const [row] = await rows<{ purpose: string; subject: string; expires_at: number }>(
        'DELETE FROM console_challenges WHERE challenge = $1 RETURNING purpose, subject, expires_at',
        [challenge],
      )
      return row && row.purpose === purpose && row.expires_at > now ? row.subject : null
    },

    record: async (e) =>
      void (await pool.query('INSERT INTO console_activity (at, email, action, site, detail) VALUES ($1, $2, $3, $4, $5)', [
        e.at,
        e.email,
        e.action,
        e.site,
        e.detail,
      ])),
    activity: async ({ email, site, action, beforeId, limit }) =>
      rows<ActivityEntry>(
        `SELECT id, at, email, action, site, detail FROM console_activity
         WHERE ($1::text IS NULL OR email = $1) AND ($2::text IS NULL OR site = $2) AND ($3::text IS NULL OR action = $3)
           AND ($4::bigint IS NULL OR id < $4)
         ORDER BY id DESC LIMIT $5`,
        [email ?? null, site ?? null, action ?? null, beforeId ?? null, limit],
      ),
    sweepChallenges: async (now) => (await pool.query('DELETE FROM console_challenges WHERE expires_at < $1', [now])).rowCount ?? 0,
    prune: async (now, activityBefore) => {
      await pool.query('DELETE FROM console_activity WHERE at < $1', [activityBefore])
      await pool.query('DELETE FROM console_invitations WHERE expires_at < $1', [now - INVITATION_KEPT_MS])
    },
  }
}
