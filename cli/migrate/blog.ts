/**
 * A Docusaurus blog frozen into markdown pages (content/pages) at its routes: each post at its own
 * (`/blog/<slug>`, or `/blog/YYYY/MM/DD/<name>` from a dated file name), and the blog's list pages (`/blog`,
 * `/blog/page/<n>`, `/blog/archive`, `/blog/tags`, `/blog/tags/<tag>`, `/blog/authors`,
 * `/blog/authors/<author>`) as generated pages listing the posts, so every blog URL keeps resolving. carta-docs
 * has no blog: new posts are written as pages by hand.
 */
import fs from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { parse as parseYaml } from "yaml";
import { joinRoute } from "../util/routePath.ts";
import { convertMarkdown, filesUnder, type ConvertContext } from "./content.ts";

type Data = Record<string, unknown>;

interface Post {
  title: string;
  date: string;
  /** Route under the blog's route ("first-blog-post", "2019/05/28/hello"). */
  slug: string;
  tags: { label: string; slug: string }[];
  authors: { key: string; name: string }[];
  body: string;
  /** The post's own folder (relative to the blog) when it is a folder's index.md. */
  folder?: string;
}

const DATED = /^(\d{4})-(\d{2})-(\d{2})-(.*)$/;

function frontMatterOf(text: string): { data: Data; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: (parseYaml(match[1]!) as Data | null) ?? {}, body: text.slice(match[0].length) };
}

function readYaml(file: string): Data {
  return fs.existsSync(file) ? ((parseYaml(fs.readFileSync(file, "utf8")) as Data | null) ?? {}) : {};
}

/** Docusaurus' tag route segment: the tag's permalink, else its label in kebab case. */
function tagSlug(label: string): string {
  return label.toLowerCase().trim().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
}

function readPost(blogDir: string, rel: string, tagsFile: Data, authorsFile: Data, context: ConvertContext, shownDir: string): Post {
  const text = fs.readFileSync(path.join(blogDir, rel), "utf8");
  const { data, body } = frontMatterOf(text);
  const name = path.posix.basename(rel).replace(/\.mdx?$/, "") === "index" ? path.posix.dirname(rel) : rel.replace(/\.mdx?$/, "");
  const dated = DATED.exec(path.posix.basename(name));
  const date = data.date ? new Date(data.date as string).toISOString().slice(0, 10) : dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : "";
  const slug = typeof data.slug === "string" ? data.slug.replace(/^\/+|\/+$/g, "") : dated ? `${dated[1]}/${dated[2]}/${dated[3]}/${dated[4]}` : name;
  const title = typeof data.title === "string" ? data.title : (/^#\s+(.+)$/m.exec(body)?.[1] ?? name);
  const tags = (Array.isArray(data.tags) ? data.tags : []).map((tag) => {
    const known = typeof tag === "string" ? (tagsFile[tag] as Data | undefined) : (tag as Data);
    const label = String(known?.label ?? tag);
    const permalink = typeof known?.permalink === "string" ? known.permalink.replace(/^\/+/, "") : tagSlug(typeof tag === "string" ? tag : label);
    return { label, slug: permalink };
  });
  const authorKeys = Array.isArray(data.authors) ? data.authors : data.authors ? [data.authors] : [];
  const authors = authorKeys.flatMap((author) => {
    if (typeof author !== "string") return [];
    const known = authorsFile[author] as Data | undefined;
    return [{ key: author, name: String(known?.name ?? author) }];
  });
  const converted = convertMarkdown(body, rel, path.posix.join(shownDir, rel), context).replace(/^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/m, "");
  const folder = /(^|\/)index\.mdx?$/.test(rel) ? path.posix.dirname(rel) : undefined;
  return { title, date, slug, tags, authors, body: converted, ...(folder && { folder }) };
}

/** The feed types the blog writes: Docusaurus writes RSS and Atom unless feedOptions says otherwise. */
function feedOptions(options: Data): string[] {
  const type = (options.feedOptions as Data | undefined)?.type;
  if (type === null || type === false) return [];
  if (type === "all" || type === undefined) return ["rss", "atom"];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => t === "rss" || t === "atom");
}

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function rssFeed(title: string, posts: Post[], site: string, route: string): string {
  const items = posts.map((p) => `    <item><title>${xml(p.title)}</title><link>${xml(`${site}/${route}/${p.slug}`)}</link><guid>${xml(`${site}/${route}/${p.slug}`)}</guid>${p.date ? `<pubDate>${new Date(p.date).toUTCString()}</pubDate>` : ""}</item>`);
  return `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0">\n  <channel>\n    <title>${xml(title)}</title>\n    <link>${xml(`${site}/${route}`)}</link>\n${items.join("\n")}\n  </channel>\n</rss>\n`;
}

function atomFeed(title: string, posts: Post[], site: string, route: string): string {
  const entries = posts.map((p) => `  <entry><title>${xml(p.title)}</title><id>${xml(`${site}/${route}/${p.slug}`)}</id><link href="${xml(`${site}/${route}/${p.slug}`)}"/>${p.date ? `<updated>${p.date}T00:00:00.000Z</updated>` : ""}</entry>`);
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n  <title>${xml(title)}</title>\n  <id>${xml(`${site}/${route}`)}</id>\n${entries.join("\n")}\n</feed>\n`;
}

/** A generated page's markdown: title, then a list of posts. */
function listPage(title: string, posts: Post[], blogRoute: string, intro = ""): string {
  const items = posts.map((p) => `- [${p.title.replace(/[[\]]/g, "\\$&")}](${joinRoute("/", blogRoute, p.slug)})${p.date ? ` (${p.date})` : ""}`);
  return `---\ntitle: ${JSON.stringify(title)}\n---\n\n# ${title}\n\n${intro}${items.join("\n")}\n`;
}

/**
 * Writes the blog's pages into content/pages and returns the blog's routes (under the base path `baseUrl`
 * taken from the caller's config when it resolves them).
 */
export function freezeBlog(options: Data, context: ConvertContext, baseUrl: string): string[] {
  const blogPath = typeof options.path === "string" ? options.path : "blog";
  const blogDir = path.join(context.siteDir, blogPath);
  if (!fs.existsSync(blogDir)) return [];
  const route = typeof options.routeBasePath === "string" ? options.routeBasePath.replace(/^\/+|\/+$/g, "") : "blog";
  const perPage = typeof options.postsPerPage === "number" ? options.postsPerPage : 10;
  const tagsFile = readYaml(path.join(blogDir, typeof options.tags === "string" ? options.tags : "tags.yml"));
  const authorsFile = readYaml(path.join(blogDir, typeof options.authorsMapPath === "string" ? options.authorsMapPath : "authors.yml"));
  const files = filesUnder(blogDir);
  const posts = files
    .filter((rel) => /\.mdx?$/.test(rel) && (!rel.includes("/") || /\/index\.mdx?$/.test(rel)))
    .map((rel) => readPost(blogDir, rel, tagsFile, authorsFile, context, blogPath))
    .sort((a, b) => b.date.localeCompare(a.date));
  const pages = new Map<string, string>();
  const title = typeof options.blogTitle === "string" ? options.blogTitle : "Blog";
  for (const post of posts) {
    const meta = [post.date, post.authors.map((a) => a.name).join(", "), post.tags.map((t) => `[${t.label}](${joinRoute("/", route, "tags", t.slug)})`).join(", ")].filter(Boolean).join(" · ");
    pages.set(joinRoute(route, post.slug), `---\ntitle: ${JSON.stringify(post.title)}\n---\n\n# ${post.title}\n\n${meta}\n\n${post.body.replace(/^\s*#\s+.+\n/, "")}`);
  }
  for (let page = 0; page * perPage < Math.max(posts.length, 1); page++) {
    pages.set(page === 0 ? route : joinRoute(route, "page", String(page + 1)), listPage(title, posts.slice(page * perPage, (page + 1) * perPage), route));
  }
  pages.set(joinRoute(route, "archive"), listPage("Archive", posts, route));
  const tags = new Map(posts.flatMap((p) => p.tags.map((t) => [t.slug, t.label] as const)));
  const tagList = [...tags].map(([slug, label]) => `- [${label}](${joinRoute("/", route, "tags", slug)})`).join("\n");
  pages.set(joinRoute(route, "tags"), `---\ntitle: "Tags"\n---\n\n# Tags\n\n${tagList}\n`);
  for (const [slug, label] of tags) pages.set(joinRoute(route, "tags", slug), listPage(`Posts tagged "${label}"`, posts.filter((p) => p.tags.some((t) => t.slug === slug)), route));
  const authors = new Map(posts.flatMap((p) => p.authors.map((a) => [a.key, a.name] as const)));
  if (authors.size > 0) {
    const slugger = new GithubSlugger();
    const authorSlug = (key: string) => (typeof (authorsFile[key] as Data | undefined)?.page === "object" && typeof ((authorsFile[key] as Data).page as Data).permalink === "string" ? String(((authorsFile[key] as Data).page as Data).permalink).replace(/^\/+/, "") : slugger.slug(key));
    const slugs = new Map([...authors.keys()].map((key) => [key, authorSlug(key)]));
    pages.set(joinRoute(route, "authors"), `---\ntitle: "Authors"\n---\n\n# Authors\n\n${[...authors].map(([key, name]) => `- [${name}](${joinRoute("/", route, "authors", slugs.get(key)!)})`).join("\n")}\n`);
    for (const [key, name] of authors) pages.set(joinRoute(route, "authors", slugs.get(key)!), listPage(`Posts by ${name}`, posts.filter((p) => p.authors.some((a) => a.key === key)), route));
  }
  for (const [at, text] of pages) context.writer.write(`content/pages/${at.replace(/^\/+/, "")}.md`, text);
  // Files in a post's own folder (its images) keep their place relative to the post's page.
  for (const post of posts.filter((p) => p.folder !== undefined)) {
    const pageDir = path.posix.dirname(joinRoute(route, post.slug).replace(/^\/+/, ""));
    for (const rel of files.filter((f) => f.startsWith(`${post.folder}/`) && !/\.mdx?$/.test(f))) {
      context.writer.write(path.posix.join("content/pages", pageDir, rel.slice(post.folder!.length + 1)), fs.readFileSync(path.join(blogDir, rel)));
    }
  }
  const feeds = feedOptions(options);
  const site = (context.siteUrl ?? "https://example.org") + baseUrl.replace(/\/$/, "");
  if (feeds.includes("rss")) context.writer.write(`content/static/${route}/rss.xml`, rssFeed(title, posts, site, route));
  if (feeds.includes("atom")) context.writer.write(`content/static/${route}/atom.xml`, atomFeed(title, posts, site, route));
  if (feeds.length > 0) context.report.note(`blog feeds (${feeds.join(", ")}) written once as static files with the posts of today; they are not updated by later builds`);
  context.report.count("blog posts frozen into pages", posts.length);
  context.report.note(`blog: ${posts.length} posts frozen into pages at their routes, with the blog's list pages (index, archive, tags, authors) generated as markdown pages; carta-docs has no blog, so a new post is a page written by hand and linked from them`);
  return [...pages.keys()].map((at) => joinRoute(baseUrl, at));
}
