/** The browser runtime's entry: every behaviour is a small module started here. */
import { initColorMode } from "./colorMode.ts";

initColorMode();
