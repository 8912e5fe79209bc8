/** The changelog of a version's source, rendered by the caller. */
export function ApiChangelogArticle({ html }: { html: string }) {
  return <article className="api-article api-changelog" dangerouslySetInnerHTML={{ __html: html }} />;
}
