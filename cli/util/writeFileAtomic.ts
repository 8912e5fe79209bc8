import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** Writes through a temporary file and a rename, so readers never see half a file: a killed build leaves the old one or the new. */
export async function writeFileAtomic(file: string, text: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}
