/** React components of the API articles (rendered with renderToStaticMarkup) and their tables of contents. */
export { ApiAreaArticle } from "./ApiAreaArticle.tsx";
export { ApiChangelogArticle } from "./ApiChangelogArticle.tsx";
export { ApiChangesArticle } from "./ApiChangesArticle.tsx";
export { ApiItemArticle } from "./ApiItemArticle.tsx";
export { ApiLandingArticle } from "./ApiLandingArticle.tsx";
export type { ApiArticleProps } from "./props.ts";
export { apiAreaToc, apiToc } from "./toc.ts";
