/** Small DOM helpers shared by the runtime's modules. */

/** Builds an element with a class and children; strings are inserted as text, never parsed as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** The element matching `selector` at or above the event's target (targets can be SVG parts of a link). */
export function closestTarget<T extends Element>(event: Event, selector: string): T | null {
  return event.target instanceof Element ? event.target.closest<T>(selector) : null;
}

/** The text of an unknown thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
