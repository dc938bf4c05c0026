import { ROLES } from '#server/storage/console-storage.ts'

const ROLE_WORDS = {
  admin: 'Admin (everything)',
  staff: 'Staff (every site)',
  contractor: 'Contractor (own sites)',
}

/**
 * Role, and a contractor's sites (ids, comma-separated; suggested from the page's `<datalist id={listId}>`): a person's
 * access on People, a token's on API tokens, one rule for both (checkAccess).
 */
export function AccessFields({
  idPrefix,
  listId,
  role = 'contractor',
  chosen = [],
  whose = 'Their',
}: {
  idPrefix: string
  listId: string
  role?: string
  chosen?: string[]
  whose?: 'Their' | 'Its'
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-role`} className="block font-semibold">
          Role
        </label>
        <select id={`${idPrefix}-role`} name="role" defaultValue={role} className="field mt-1">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_WORDS[r]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-sites`} className="block font-semibold">
          {whose} sites <span className="font-normal muted">(contractors only)</span>
        </label>
        <input
          id={`${idPrefix}-sites`}
          name="sites"
          list={listId}
          defaultValue={chosen.join(', ')}
          placeholder="site ids, comma-separated"
          className="field mt-1"
        />
      </div>
    </>
  )
}
