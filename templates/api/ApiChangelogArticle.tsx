import { ChangesLink } from "./parts.tsx";
import type { ApiArticleProps } from "./props.ts";

/** The changelog of a version's source, rendered by the caller, after a link to the version's API changes. */
export function ApiChangelogArticle({ html, history }: { html: string; history: ApiArticleProps["history"] }) {
  return (
    <>
      <ChangesLink history={history} />
      <article className="api-article api-changelog" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
