// negotiator 1.x's own API (DefinitelyTyped's @types/negotiator describes 0.6, without `preferred`): the part we use.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> })
    /** The client's most preferred of `available`; among equal q values, the first of `options.preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined
  }
  export = Negotiator
}
