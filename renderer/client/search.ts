/** The search UI, loaded on first use of the search box. */
import Fuse from "fuse.js";

export { Fuse };
