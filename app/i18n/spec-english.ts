/**
 * Words the spec fixes in English (spec §2), shown as they are on a page in any language and marked
 * lang="en" there (`useFixedEnglish`). Not in the dictionary: they are not ours to translate.
 */
export const CHAT_REPLY_TIME = 'Typically replies in minutes'
export const CONTACT_US = 'Contact US'
