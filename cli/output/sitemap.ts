function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** sitemap.xml listing every listed page under the site's origin. */
export function buildSitemap(pages: readonly { route: string; kind: string; unlisted?: boolean }[], origin: string): string {
  const urls = pages
    .filter((p) => !p.unlisted && p.kind !== "notFound")
    .map((p) => `<url><loc>${escapeXml(new URL(p.route, origin).href)}</loc></url>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}
