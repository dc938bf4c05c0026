import type { PageRecord, WidgetName } from './schema.ts'

/** A widget is on only when its own entry (matched by name, not position) says activo. */
export function isWidgetActive(record: PageRecord, name: WidgetName): boolean {
  return record.simpleWidgets.some((w) => w.val === name && w.activo)
}
