export const ESTIMATE_MODAL_TITLE = 'Request An Estimate Now'

/** sessionStorage flag: the estimate modal has been offered in this visit (this tab's session). */
export const ESTIMATE_MODAL_SEEN_KEY = 'tradesite:estimate-modal-seen'

/** True the first time it is asked in a visit; false after, and when storage is unavailable. */
export function firstTimeThisVisit(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): boolean {
  try {
    if (!storage || storage.getItem(ESTIMATE_MODAL_SEEN_KEY)) return false
    storage.setItem(ESTIMATE_MODAL_SEEN_KEY, '1')
    return true
  } catch {
    return false
  }
}
