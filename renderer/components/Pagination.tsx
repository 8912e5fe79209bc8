import type { PageLink } from "../../cli/pages/pages.ts";

export function Pagination({ previous, next }: { previous?: PageLink; next?: PageLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {previous ? (
        <a className="pagination__link pagination__link--prev" href={previous.href} rel="prev">
          <span className="pagination__sub">Previous</span>
          <span className="pagination__label">« {previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination__link pagination__link--next" href={next.href} rel="next">
          <span className="pagination__sub">Next</span>
          <span className="pagination__label">{next.label} »</span>
        </a>
      ) : null}
    </nav>
  );
}
