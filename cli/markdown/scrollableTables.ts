/**
 * Tables scroll sideways when they are wider than the column (a phone, a wide table): like code blocks, they
 * are made focusable so the keyboard can scroll them (axe: scrollable-region-focusable).
 */
import { Renderer, type MarkedExtension } from "marked";

export const scrollableTables: MarkedExtension = {
  renderer: {
    table(token) {
      return Renderer.prototype.table.call(this, token).replace(/^<table>/, '<table tabindex="0">');
    },
  },
};
