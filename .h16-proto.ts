import fs from "node:fs";
import zlib from "node:zlib";
import MiniSearch from "minisearch";
const docs = (JSON.parse(fs.readFileSync("/tmp/h16/search-doc.json", "utf8")) as any[]).filter((d) => d.v === "5.0.0").map((d, id) => ({ ...d, id, x: d.x.replace(/Defined in \S+/g, "") }));
const WORD = /[\p{L}\p{N}_$]+(?:\.[\p{L}\p{N}_$]+)*/gu;
const PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;
function terms(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(WORD)) {
    const segs = word.split(".");
    if (segs.length > 1) out.push(word.toLowerCase());
    for (const seg of segs) {
      out.push(seg.toLowerCase());
      const parts = seg.match(PART) ?? [];
      if (parts.length > 1) for (const p of parts) out.push(p.toLowerCase());
    }
  }
  return out.filter((t) => t.length > 1);
}
const gz = (s: string) => (zlib.gzipSync(s, { level: 9 }).length / 1024).toFixed(0) + "KB gz / " + (s.length / 1024).toFixed(0) + "KB";
const ms = new MiniSearch({ fields: ["t", "s", "x"], tokenize: terms, processTerm: (t) => t });
ms.addAll(docs);
console.log("minisearch", gz(JSON.stringify(ms)));
// custom: term -> postings of [docDelta, fieldmask]
const post = new Map<string, Map<number, number>>();
docs.forEach((d, i) => (["t", "s", "x"] as const).forEach((f, fi) => { for (const t of terms(d[f])) { let m = post.get(t); if (!m) post.set(t, (m = new Map())); m.set(i, (m.get(i) ?? 0) | (1 << fi)); } }));
const vocab = [...post.keys()].sort();
let n = 0;
const rows = vocab.map((t) => { let prev = 0; const arr: number[] = []; for (const [d, mask] of post.get(t)!) { arr.push((d - prev) * 8 + mask); prev = d; n++; } return arr; });
console.log("terms", vocab.length, "postings", n);
console.log("custom json", gz(JSON.stringify({ v: vocab, p: rows })));
const b36 = rows.map((r) => r.map((x) => x.toString(36)).join(","));
console.log("custom b36", gz(JSON.stringify({ v: vocab.join(" "), p: b36.join(";") })));
// page-level titles: count postings from title field
