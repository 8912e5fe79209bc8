import { siteRelevance } from "./bench/relevance.ts";
const r = siteRelevance(process.argv[2]!, "/carta-frontend/");
console.log("MRR", r.mrr.toFixed(3), r.queries);
for (const m of r.misses) console.log(m.rank, m.query, "→", m.first);
