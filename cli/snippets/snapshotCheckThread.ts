/** A snapshot check thread (see snapshotCheck.ts): runs the checks posted to it, one after another. */
import { snapshotCheckThreadMain } from "./snapshotCheck.ts";

snapshotCheckThreadMain();
