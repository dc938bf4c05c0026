/**
 * A queue that takes its keys in turns (round robin), first in first out within each key, so one
 * site's two hundred photos do not hold back another site's logo. An item is queued once, whichever
 * key asks (a photo two sites share), and membership is a Set: constant time however long the queue.
 */
export function createFairQueue<T>() {
  const byKey = new Map<string, T[]>()
  const members = new Set<T>()
  return {
    push(key: string, item: T) {
      if (members.has(item)) return
      members.add(item)
      const list = byKey.get(key)
      if (list) list.push(item)
      else byKey.set(key, [item])
    },
    /** The next key's oldest item; that key then goes to the back of the turns. */
    shift(): T | undefined {
      for (const [key, list] of byKey) {
        byKey.delete(key)
        const item = list.shift()!
        if (list.length) byKey.set(key, list)
        members.delete(item)
        return item
      }
      return undefined
    },
    has: (item: T) => members.has(item),
    get size() {
      return members.size
    },
  }
}
