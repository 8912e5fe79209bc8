import type { SiteConfigInput } from "./schema.ts";

/** Identity function that gives `site.config.ts` authors types and completion. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
