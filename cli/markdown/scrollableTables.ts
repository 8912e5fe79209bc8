/**
 * Tables scroll sideways when they are wider than the column (a phone, a wide table): like code blocks, they
 * are made focusable so the keyboard can scroll them (axe: scrollable-region-focusable).
 */
import { Renderer, type MarkedExtension } from "marked";

export const scrollableTables: MarkedExtension = {
  renderer: {
    table(token) {
      // Renderer.prototype is typed Renderer<any, any>: the renderer this extension joins makes strings.
      return (Renderer.prototype as Renderer).table.call(this, token).replace(/^<table>/, '<table tabindex="0">');
    },
  },
};
