// npm run config-reference: writes docs/config.md from the config schema (tests/config/reference.test.ts checks it).
import fs from "node:fs";
import { configReference } from "../cli/config/reference.ts";

fs.writeFileSync(new URL("../docs/config.md", import.meta.url), configReference());
