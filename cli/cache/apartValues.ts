/**
 * A build store's large values kept apart from its entries. Of a stored entry's value (a plain object), each field
 * holding a large string or buffer (a page's markdown twin, a doc's body, its markdown's HTML) goes into the part's
 * value file, and the part holds the rest with the field's place: loading a part reads no large value, and a field
 * kept apart is read from the value file when first asked for. An edit at 10,000 docs so reads the few values it
 * uses, not the ~250 MB of every page's.
 *
 * Saving a part again copies the bytes of the values it loaded without reading them; a value read and changed
 * (a field set) is saved as a new one.
 */
import fs from "node:fs";
import v8 from "node:v8";
import type { CacheTable, Entry } from "./buildCache.ts";

/**
 * The tables whose values' large fields are kept apart. Not the search table: its files are put together from
 * every page's kept terms on every build, so its values are all read anyway.
 */
const APART_TABLES: ReadonlySet<CacheTable> = new Set(["content", "markdown", "render"]);

/** A string of at least this many characters, or a buffer of as many bytes, is kept apart. */
const APART_MIN = 1024;

/** One field kept apart: its name, and where its serialized value is in the part's value file. */
export type ApartRef = [field: string, offset: number, length: number];

/**
 * An entry as a part file holds it: each field `apart` names is in the part's value file, its place in `value`
 * held by a stand-in (so the value's fields keep their order).
 */
export interface StoredEntry extends Entry {
  apart?: ApartRef[];
}

/** Where a loaded value's fields kept apart are. */
interface Origin {
  file: string;
  refs: ApartRef[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isLarge = (item: unknown) => (typeof item === "string" ? item.length >= APART_MIN : item instanceof Uint8Array && item.byteLength >= APART_MIN);

/** One value read from a value file: its bytes are checked only by deserializing them. */
function readValue(file: string, offset: number, length: number): unknown {
  try {
    const bytes = Buffer.allocUnsafe(length);
    const fd = fs.openSync(file, "r");
    try {
      if (fs.readSync(fd, bytes, 0, length, offset) !== length) throw new Error("it is shorter than its index says");
    } finally {
      fs.closeSync(fd);
    }
    return v8.deserialize(bytes);
  } catch (error) {
    throw new Error(`the build cache's value file ${file} is damaged (${error instanceof Error ? error.message : String(error)}); remove it and build again`);
  }
}

/** The values of one store's entries kept apart: loaded when first asked for, and saved again unread. */
export class ApartValues {
  private readonly origins = new WeakMap<object, Origin>();
  /** Each value read from a value file, as "table id field": the store's own accounting of what a build loaded. */
  readonly read: string[] = [];

  /** Makes each field of a loaded `entry` kept apart in `file` (a value file's path) read when first asked for. */
  attach(table: CacheTable, id: string, entry: StoredEntry, file: string): void {
    const { apart } = entry;
    if (!apart) return;
    delete entry.apart;
    const value = entry.value as Record<string, unknown>;
    const { origins, read } = this;
    origins.set(value, { file, refs: apart });
    for (const [field, offset, length] of apart) {
      let loaded: unknown;
      let done = false;
      Object.defineProperty(value, field, {
        enumerable: true,
        configurable: true,
        get: () => {
          if (!done) {
            loaded = readValue(file, offset, length);
            done = true;
            read.push(`${table} ${id} ${field}`);
          }
          return loaded;
        },
        // A field set anew (paths rebased in a store moved elsewhere) is the value's own from then on, saved as it is.
        set(this: object, now: unknown) {
          Object.defineProperty(this, field, { value: now, writable: true, enumerable: true, configurable: true });
          origins.delete(value);
        },
      });
    }
  }

  /**
   * `entry` as a part file of `table` holds it: its large fields appended to the part's value file by `append`
   * (which answers their offset); those it loaded kept apart are copied from `previous` (a value file's bytes) unread.
   */
  split(table: CacheTable, entry: Entry, append: (bytes: Buffer) => number, previous: (file: string) => Buffer): StoredEntry {
    const { value } = entry;
    if (!APART_TABLES.has(table) || !isPlainObject(value)) return entry;
    const origin = this.origins.get(value);
    const kept: Record<string, unknown> = {};
    const apart: ApartRef[] = [];
    const put = (field: string, bytes: Buffer) => {
      apart.push([field, append(bytes), bytes.length]);
      kept[field] = 0;
    };
    for (const [field, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
      if (!descriptor.enumerable) continue;
      const ref = origin?.refs.find(([name]) => name === field);
      if (ref) {
        put(field, previous(origin!.file).subarray(ref[1], ref[1] + ref[2]));
        continue;
      }
      const item = descriptor.get ? descriptor.get.call(value) : descriptor.value;
      if (isLarge(item)) put(field, v8.serialize(item));
      else kept[field] = item;
    }
    return apart.length > 0 ? { ...entry, value: kept, apart } : entry;
  }
}

/** What is wrong with the fields kept apart of a loaded entry, if anything: `size` is its value file's. */
export function apartProblem(entry: StoredEntry, size: number | undefined): string | undefined {
  if (entry.apart === undefined) return undefined;
  if (!Array.isArray(entry.apart) || !isPlainObject(entry.value) || size === undefined) return "a malformed value kept apart";
  for (const ref of entry.apart as unknown[]) {
    const [field, offset, length] = Array.isArray(ref) ? (ref as unknown[]) : [];
    const valid = typeof field === "string" && Number.isInteger(offset) && Number.isInteger(length) && (offset as number) >= 0 && (offset as number) + (length as number) <= size;
    if (!valid) return "a value kept apart out of its file";
  }
  return undefined;
}

/**
 * A copy of `value` with `fields` set: its other fields as they are, so a field of a stored value kept apart
 * is not read by the copy (a spread would read it).
 */
export function withFields<T extends object, F extends object>(value: T, fields: F): Omit<T, keyof F> & F {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(value);
  for (const [field, item] of Object.entries(fields)) descriptors[field] = { value: item, writable: true, enumerable: true, configurable: true };
  return Object.defineProperties({}, descriptors) as Omit<T, keyof F> & F;
}

/** Sets `fields` of `from` on `to` as they are (one kept apart stays unread), leaving out those undefined. */
export function carryFields<T extends object, K extends keyof T>(to: object, from: T, fields: readonly K[]): void {
  for (const field of fields) {
    const descriptor = Object.getOwnPropertyDescriptor(from, field);
    if (descriptor && (descriptor.get || descriptor.value !== undefined)) Object.defineProperty(to, field, { ...descriptor, enumerable: true });
  }
}

/** Whether `value` has `field` set, without reading it when it is kept apart (such a field is never undefined). */
export function hasField<T extends object>(value: T, field: keyof T & string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(value, field);
  return descriptor !== undefined && (descriptor.get !== undefined || descriptor.value !== undefined);
}
