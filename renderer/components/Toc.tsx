/**
 * "On this page": nested list of the page's headings within the configured levels. Beside the article on
 * wide screens; on narrower ones (where that column is hidden) a collapsible menu above the article,
 * a <details> element so it works without JavaScript. The runtime marks the section in view in both.
 */
import type { TocEntry } from "../../cli/pages/pages.ts";

interface Node {
  entry: TocEntry;
  children: Node[];
}

function nest(entries: TocEntry[]): Node[] {
  const root: Node[] = [];
  const stack: Node[] = [];
  for (const entry of entries) {
    const node = { entry, children: [] };
    while (stack.length && stack[stack.length - 1]!.entry.depth >= entry.depth) stack.pop();
    (stack.length ? stack[stack.length - 1]!.children : root).push(node);
    stack.push(node);
  }
  return root;
}

function List({ nodes }: { nodes: Node[] }) {
  return (
    <ul className="toc__list">
      {nodes.map((n) => (
        <li key={n.entry.id}>
          <a className="toc__link" href={`#${n.entry.id}`}>
            {n.entry.text}
          </a>
          {n.children.length ? <List nodes={n.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function Toc({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title" data-toc>
      <p className="toc__title" id="toc-title">
        On this page
      </p>
      <List nodes={nest(entries)} />
    </nav>
  );
}

export function CollapsibleToc({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="toc-collapsible" data-toc>
      <summary className="toc-collapsible__button">On this page</summary>
      <nav aria-label="On this page">
        <List nodes={nest(entries)} />
      </nav>
    </details>
  );
}
