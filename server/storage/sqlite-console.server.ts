import type Database from 'better-sqlite3'
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

/** The console's storage over leads.sqlite (its tables: LEAD_MIGRATIONS in sqlite-storage.server.ts). */
export function sqliteConsole(db: Database.Database): ConsoleStorage {
  const q = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql)
  const personById = q<[string], PersonRow>('SELECT * FROM console_people WHERE id = ?')
  const personByEmail = q<[string], PersonRow>('SELECT * FROM console_people WHERE email = ?')
  const insertPasskey =
    db.prepare(`INSERT INTO console_passkeys (id, person_id, public_key, counter, transports, name, created_at, last_used_at)
    VALUES (@id, @personId, @publicKey, @counter, @transports, @name, @createdAt, @lastUsedAt)`)
  const addPasskey = (p: Passkey) =>
    insertPasskey.run({ ...p, publicKey: Buffer.from(p.publicKey), transports: JSON.stringify(p.transports) })

  const deletePerson = db.transaction((id: string) => {
    db.prepare('DELETE FROM console_sessions WHERE person_id = ?').run(id)
    db.prepare('DELETE FROM console_passkeys WHERE person_id = ?').run(id)
    return db.prepare('DELETE FROM console_people WHERE id = ?').run(id).changes === 1
  })
  const removePasskey = db.transaction((personId: string, id: string) => {
    db.prepare('DELETE FROM console_sessions WHERE person_id = ? AND passkey_id = ?').run(personId, id)
    return db.prepare('DELETE FROM console_passkeys WHERE person_id = ? AND id = ?').run(personId, id).changes === 1
  })
  const accept = db.transaction(
    (tokenHash: string, now: number, personId: string, passkey: Parameters<ConsoleStorage['acceptInvitation']>[3]) => {
      const used = db
        .prepare<[number, string, number], InvitationRow>(
          'UPDATE console_invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING *',
        )
        .get(now, tokenHash, now)
      if (!used) return null
      // One statement whether the address is new or already a person's (a second invitation: recovery, a new role).
      const person = db
        .prepare<[string, string, string, string, number], PersonRow>(
          `INSERT INTO console_people (id, email, role, sites, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET role = excluded.role, sites = excluded.sites RETURNING *`,
        )
        .get(personId, used.email, used.role, used.sites, now)!
      addPasskey({ ...passkey, personId: person.id, lastUsedAt: now })
      return toPerson(person)
    },
  )
  const takeChallenge = db.transaction((challenge: string, purpose: string, now: number) => {
    const row = db
      .prepare<[string], { purpose: string; subject: string; expires_at: number }>(
        'DELETE FROM console_challenges WHERE challenge = ? RETURNING *',
      )
      .get(challenge)
    return row && row.purpose === purpose && row.expires_at > now ? row.subject : null
  })

  return {
    people: async () => q<[], PersonRow>('SELECT * FROM console_people ORDER BY email').all().map(toPerson),
    personById: async (id) => {
      const row = personById.get(id)
      return row && toPerson(row)
    },
    personByEmail: async (email) => {
      const row = personByEmail.get(email)
      return row && toPerson(row)
    },
    updatePerson: async (id, { role, sites }) =>
      db.prepare('UPDATE console_people SET role = ?, sites = ? WHERE id = ?').run(role, JSON.stringify(sites), id).changes === 1,
    deletePerson: async (id) => deletePerson(id),

    createInvitation: async (i) =>
      void db
        .prepare(
          `INSERT INTO console_invitations (token_hash, email, role, sites, invited_by, created_at, expires_at, used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(i.tokenHash, i.email, i.role, JSON.stringify(i.sites), i.invitedBy, i.createdAt, i.expiresAt, i.usedAt),
    invitationByHash: async (hash) => {
      const row = q<[string], InvitationRow>('SELECT * FROM console_invitations WHERE token_hash = ?').get(hash)
      return row && toInvitation(row)
    },
    openInvitations: async (now) =>
      q<[number], InvitationRow>('SELECT * FROM console_invitations WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at DESC')
        .all(now)
        .map(toInvitation),
    endInvitations: async (email, now) =>
      db
        .prepare('UPDATE console_invitations SET expires_at = ? WHERE email = ? AND used_at IS NULL AND expires_at > ?')
        .run(now, email, now).changes,
    acceptInvitation: async (tokenHash, now, personId, passkey) => accept(tokenHash, now, personId, passkey),

    passkeys: async (personId) =>
      q<[string], PasskeyRow>('SELECT * FROM console_passkeys WHERE person_id = ? ORDER BY created_at').all(personId).map(toPasskey),
    passkeyById: async (id) => {
      const row = q<[string], PasskeyRow>('SELECT * FROM console_passkeys WHERE id = ?').get(id)
      return row && toPasskey(row)
    },
    addPasskey: async (p) => void addPasskey(p),
    renamePasskey: async (personId, id, name) =>
      db.prepare('UPDATE console_passkeys SET name = ? WHERE person_id = ? AND id = ?').run(name, personId, id).changes === 1,
    removePasskey: async (personId, id) => removePasskey(personId, id),
    usePasskey: async (id, expected, counter, now) =>
      db.prepare('UPDATE console_passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?').run(counter, now, id, expected)
        .changes === 1,

    createSession: async (s) =>
      void db
        .prepare('INSERT INTO console_sessions (id_hash, person_id, passkey_id, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)')
        .run(s.idHash, s.personId, s.passkeyId, s.createdAt, s.lastSeenAt),
    session: async (idHash) => {
      const row = q<[string], SessionRow>('SELECT * FROM console_sessions WHERE id_hash = ?').get(idHash)
      return row && toSession(row)
    },
    touchSession: async (idHash, now) => void db.prepare('UPDATE console_sessions SET last_seen_at = ? WHERE id_hash = ?').run(now, idHash),
    deleteSession: async (idHash) => db.prepare('DELETE FROM console_sessions WHERE id_hash = ?').run(idHash).changes === 1,
    deletePersonSession: async (personId, idHash) =>
      db.prepare('DELETE FROM console_sessions WHERE person_id = ? AND id_hash = ?').run(personId, idHash).changes === 1,
    sessions: async (personId) =>
      q<[string], SessionRow>('SELECT * FROM console_sessions WHERE person_id = ? ORDER BY last_seen_at DESC').all(personId).map(toSession),
    pruneSessions: async (idleBefore, createdBefore) =>
      void db.prepare('DELETE FROM console_sessions WHERE last_seen_at < ? OR created_at < ?').run(idleBefore, createdBefore),

    saveChallenge: async (c) =>
      void db
        .prepare('INSERT INTO console_challenges (challenge, purpose, subject, expires_at) VALUES (?, ?, ?, ?)')
        .run(c.challenge, c.purpose, c.subject, c.expiresAt),
    takeChallenge: async (challenge, purpose, now) => takeChallenge(challenge, purpose, now) ?? null,

    record: async (e) =>
      void db
        .prepare('INSERT INTO console_activity (at, email, action, site, detail) VALUES (?, ?, ?, ?, ?)')
        .run(e.at, e.email, e.action, e.site, e.detail),
    activity: async ({ email, site, action, beforeId, limit }) =>
      db
        .prepare<[Record<string, unknown>], ActivityEntry>(
          `SELECT id, at, email, action, site, detail FROM console_activity
           WHERE (@email IS NULL OR email = @email) AND (@site IS NULL OR site = @site) AND (@action IS NULL OR action = @action)
             AND (@beforeId IS NULL OR id < @beforeId)
           ORDER BY id DESC LIMIT @limit`,
        )
        .all({ email: email ?? null, site: site ?? null, action: action ?? null, beforeId: beforeId ?? null, limit }),
    sweepChallenges: async (now) => db.prepare('DELETE FROM console_challenges WHERE expires_at < ?').run(now).changes,
    prune: async (now, activityBefore) => {
      db.prepare('DELETE FROM console_activity WHERE at < ?').run(activityBefore)
      db.prepare('DELETE FROM console_invitations WHERE expires_at < ?').run(now - INVITATION_KEPT_MS)
    },
  }
}
