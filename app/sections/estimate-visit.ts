export const ESTIMATE_MODAL_TITLE = 'Request An Estimate Now'

/** The estimate modal's <dialog>: the modal script (MODAL_SCRIPT, server/pages/page-script.server.ts) opens it on the first page of a visit. */
export const ESTIMATE_MODAL_ID = 'estimate-modal'

/** sessionStorage flag: the estimate modal has been offered in this visit (this tab's session). */
export const ESTIMATE_MODAL_SEEN_KEY = 'tradesite:estimate-modal-seen'
