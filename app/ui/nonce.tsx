import { createContext, useContext } from 'react'

/** The per-request CSP nonce; only the server knows it (browsers hide nonce attributes). */
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
