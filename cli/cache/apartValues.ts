/**
 * A build store's large values kept apart from its entries. The fields of a few tables' values that hold large
 * text (a doc's body, its markdown's HTML and twin, a page's markdown twin) or a page's search terms go into the
 * part's value file, and the part holds the rest: loading a part reads none of them, and one is read from the value file when first asked for.
 * An edit at 10,000 docs so reads the few it uses, not the ~250 MB of every page's. Saving a part again copies the
 * bytes of the values it did not read, unread.
 *
 * A field kept apart is a property of the value that is read when first asked for, and is not enumerable: spreads,
 * JSON and structured clones pass over it (a render key leaves these fields out anyway: DocPage.rendering names
 * them); a copy made with withFields or carryFields keeps it unread, and materialized() gives a plain copy for a
 * render thread.
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { CartaDocsError } from "../util/diagnostics.ts";
import type { CacheTable, Entry } from "./buildCache.ts";

/**
 * The fields kept apart, by table, and from what size (a string's characters, a buffer's or typed array's bytes, a
 * list of strings' characters): large text the build reads only for the pages it renders again, from 1,024 on.
 */
const APART: ReadonlyMap<CacheTable, { fields: readonly string[]; min: number; always?: readonly string[] }> = new Map([
  ["content", { fields: ["body"], min: 1024 }],
  // A version's TypeDoc JSON, which only render threads read (to build the model themselves): 5 MB a version.
  ["api", { fields: ["recipe"], min: 1024 }],
  // A doc's headings and link lines too, whatever their size: only its page's table of contents and a broken link's
  // message read them, when it renders again (at 10,000 docs, two thirds of the objects of the markdown table).
  ["markdown", { fields: ["html", "markdown", "headings", "linkLines"], min: 1024, always: ["headings", "linkLines"] }],
  ["render", { fields: ["twin", "twinFull"], min: 1024 }],
  // A page's kept search terms: an edit's search files are patched from the edited pages' terms alone
  // (searchFiles.ts), so every page's are apart, each field about 1 KB or less.
  ["searchTerms", { fields: ["texts", "terms", "headings", "anchors", "sections", "where"], min: 64 }],
]);

/**
 * Where an entry's fields kept apart are in its part's value file: for each field of its table (APART), in that
 * order, the offset and length of its serialized value, or -1 and 0 for a field kept in the entry. Numbers, not a
 * list per field: a large site's store loads some 30,000 entries, and each list was three objects more.
 */
type ApartPlaces = number[];

/** An entry as a part file holds it: each field `apart` places is in the part's value file, not in `value`. */
export interface StoredEntry extends Entry {
  apart?: ApartPlaces;
}

const fieldsOf = (table: CacheTable): readonly string[] => APART.get(table)?.fields ?? [];

/** Where `field` of an entry of `table` is in its value file, when it is kept apart there. */
function placeOf(table: CacheTable, places: ApartPlaces, field: string): [offset: number, length: number] | undefined {
  const at = fieldsOf(table).indexOf(field);
  const offset = at < 0 ? -1 : places[2 * at]!;
  return offset >= 0 ? [offset, places[2 * at + 1]!] : undefined;
}

/**
 * The fields `places` keeps apart: one list per table and set of fields, shared by the entries alike and found by a
 * mask of the fields, so that loading a part makes no list, nor name of one, per entry.
 */
const placedFields = new Map<CacheTable, Map<number, readonly string[]>>();
function fieldsPlaced(table: CacheTable, places: ApartPlaces): readonly string[] {
  const fields = fieldsOf(table);
  let mask = 0;
  for (let at = 0; at < fields.length; at++) if (places[2 * at]! >= 0) mask |= 1 << at;
  let byMask = placedFields.get(table);
  if (!byMask) placedFields.set(table, (byMask = new Map<number, readonly string[]>()));
  let shared = byMask.get(mask);
  if (!shared) byMask.set(mask, (shared = fields.filter((_, at) => (mask & (1 << at)) !== 0)));
  return shared;
}

/** An object's fields read when first asked for (a stored value's, or a copy's), and where they come from. */
interface Lazy {
  fields: readonly string[];
  from: Origin;
  /** Set on the stored value itself (not a copy): a save copies its fields' bytes from `from`. */
  stored?: true;
}

/**
 * One stored value's fields kept apart: where they are (a save copies their bytes from there), and those read. It is
 * the stored value's Lazy too: one object an entry, not two (a large site's store loads some 30,000 such entries).
 */
class Origin implements Lazy {
  readonly stored = true;
  readonly from: Origin = this;
  private loaded?: Map<string, unknown>;
  constructor(
    readonly file: string,
    readonly table: CacheTable,
    readonly places: ApartPlaces,
    private readonly id: string,
    private readonly read: string[],
    /** The fields `places` keeps apart (fieldsPlaced). */
    readonly fields: readonly string[],
  ) {}

  load(field: string): unknown {
    this.loaded ??= new Map();
    if (!this.loaded.has(field)) {
      const [offset, length] = placeOf(this.table, this.places, field)!;
      this.loaded.set(field, readValue(this.file, offset, length));
      this.read.push(`${this.table} ${this.id} ${field}`);
    }
    return this.loaded.get(field);
  }
}

/** Where an object with fields read when first asked for keeps its Lazy: a property spreads and JSON pass over. */
const LAZY = Symbol("fields kept apart");

const lazyOf = (value: object): Lazy | undefined => (value as { [LAZY]?: Lazy })[LAZY];
const setLazy = (value: object, lazy: Lazy) => Object.defineProperty(value, LAZY, { value: lazy, configurable: true, writable: true });

/**
 * Accessors of fields not enumerable, one per field name, each giving what `read` gives: objects built alike then share
 * their hidden class (an accessor of its own per object gave each one a class of its own).
 */
function sharedAccessors(read: (target: object, field: string) => unknown): (field: string) => PropertyDescriptor {
  const byField = new Map<string, PropertyDescriptor>();
  return (field) => {
    let accessor = byField.get(field);
    if (!accessor) {
      accessor = {
        enumerable: false,
        configurable: true,
        get(this: object) {
          return read(this, field);
        },
      };
      byField.set(field, accessor);
    }
    return accessor;
  };
}

/** The accessor of a field kept apart: read from its value file when first asked for. */
const accessorOf = sharedAccessors((target, field) => lazyOf(target)!.from.load(field));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** About how many bytes `item` takes (a list of texts, typed numbers), when it is of a kind kept apart. */
function sizeOf(item: unknown): number {
  if (typeof item === "string") return item.length;
  if (ArrayBuffer.isView(item)) return item.byteLength;
  return Array.isArray(item) ? item.reduce((n: number, element: unknown) => n + (typeof element === "string" ? element.length : 8), 0) : 0;
}

/** Whether a field's value goes into the value file: one of the fields kept apart whatever their size, or a large one. */
const keptApart = (field: string, item: unknown, min: number, always: readonly string[]) => item !== undefined && (always.includes(field) || sizeOf(item) >= min);

/**
 * One value read from a value file: its bytes are checked only by deserializing them, mid-build, so a damaged one
 * stops the build with an error naming the file (a missing or cut file is found at load: see buildStore.ts).
 */
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
    const why = error instanceof Error ? error.message : String(error);
    throw new CartaDocsError(`the build cache's value file ${file} is damaged (${why}); remove the folder ${path.dirname(path.dirname(file))} (or build with --no-cache) and build again`, []);
  }
}

/** Puts `fields` of `lazy` on `target`, read when first asked for. */
function addLazy(target: object, lazy: Lazy, fields: readonly string[]): void {
  if (fields.length === 0) return;
  for (const field of fields) Object.defineProperty(target, field, accessorOf(field));
  setLazy(target, { fields: [...(lazyOf(target)?.fields ?? []), ...fields], from: lazy.from });
}

/** The values of one store's entries kept apart: loaded when first asked for, and saved again unread. */
export class ApartValues {
  /** Each value read from a value file, as "table id field": the store's own accounting of what a build loaded. */
  readonly read: string[] = [];

  /**
   * Makes a loaded `entry`'s value read each field kept apart in `file` (a value file's path) when first asked for;
   * with `now` (a store moved elsewhere, whose paths are rebased), reads them now, as fields of its own.
   */
  attach(table: CacheTable, id: string, entry: StoredEntry, file: string, now = false): void {
    const { apart } = entry;
    if (!apart) return;
    delete entry.apart;
    const value = entry.value as Record<string, unknown>;
    const fields = fieldsPlaced(table, apart);
    const from = new Origin(file, table, apart, id, this.read, fields);
    if (now) for (const field of fields) value[field] = from.load(field);
    else {
      for (const field of fields) Object.defineProperty(value, field, accessorOf(field));
      setLazy(value, from);
    }
  }

  /**
   * `entry` as a part file of `table` holds it: its large fields appended to the part's value file by `append`
   * (which answers their offset); those it loaded kept apart are copied from `previous` (a value file's bytes) unread.
   */
  split(table: CacheTable, entry: Entry, append: (bytes: Buffer) => number, previous: (file: string) => Buffer): StoredEntry {
    const { value } = entry;
    const kind = APART.get(table);
    if (!kind || !isPlainObject(value)) return entry;
    const { fields, min, always = [] } = kind;
    const lazy = lazyOf(value);
    const origin = lazy?.stored ? lazy.from : undefined;
    const apart: ApartPlaces = [];
    const moved: string[] = [];
    for (const field of fields) {
      const at = origin && placeOf(table, origin.places, field);
      const bytes = at ? previous(origin.file).subarray(at[0], at[0] + at[1]) : keptApart(field, value[field], min, always) ? v8.serialize(value[field]) : undefined;
      if (bytes) moved.push(field);
      apart.push(...(bytes ? [append(bytes), bytes.length] : [-1, 0]));
    }
    if (moved.length === 0) return entry;
    const kept: Record<string, unknown> = { ...value };
    for (const field of moved) delete kept[field];
    return { ...entry, value: kept, apart };
  }
}

/** What is wrong with the fields kept apart of a loaded entry, if anything: `size` is its value file's. */
export function apartProblem(table: CacheTable, entry: StoredEntry, size: number | undefined): string | undefined {
  const places = entry.apart as unknown;
  if (places === undefined) return undefined;
  if (!Array.isArray(places) || places.length !== 2 * fieldsOf(table).length || !isPlainObject(entry.value) || size === undefined) return "a malformed value kept apart";
  for (let at = 0; at < places.length; at += 2) {
    const offset: unknown = places[at];
    const length: unknown = places[at + 1];
    const inEntry = offset === -1 && length === 0;
    const valid = inEntry || (Number.isInteger(offset) && Number.isInteger(length) && (offset as number) >= 0 && (length as number) >= 0 && (offset as number) + (length as number) <= size);
    if (!valid) return "a value kept apart out of its file";
  }
  return undefined;
}

/**
 * A copy of `value` with `fields` set, its fields kept apart unread (a spread would leave them out): what a
 * stored value is copied with.
 */
export function withFields<T extends object, F extends object>(value: T, fields: F): Omit<T, keyof F> & F {
  const copy = { ...value, ...fields };
  const lazy = lazyOf(value);
  if (lazy) addLazy(copy, lazy, lazy.fields.filter((field) => !Object.hasOwn(fields, field)));
  return copy;
}

/** Adds `fields` of `from` to `to` (which has none of them yet), a field kept apart unread; those undefined left out. */
export function carryFields<T extends object, K extends keyof T & string>(to: object, from: T, fields: readonly K[]): void {
  const lazy = lazyOf(from);
  for (const field of fields) if (!lazy?.fields.includes(field) && from[field] !== undefined) (to as Record<string, unknown>)[field] = from[field];
  if (lazy) addLazy(to, lazy, fields.filter((field) => lazy.fields.includes(field)));
}

/** Whether `value` has `field` set, without reading it when it is kept apart (such a field is never undefined). */
export function hasField<T extends object>(value: T, field: keyof T & string): boolean {
  return lazyOf(value)?.fields.includes(field) === true || value[field] !== undefined;
}

/** Where an object with fields computed when first asked for keeps how to compute each. */
const COMPUTE = Symbol("fields computed when asked for");

/** The accessor of a computed field: computes it when first asked for, and keeps the value as a field of its own. */
const computerOf = sharedAccessors((target, field) => {
  const value = (target as { [COMPUTE]: Record<string, () => unknown> })[COMPUTE][field]!();
  Object.defineProperty(target, field, { value, enumerable: false, configurable: true, writable: true });
  return value;
});

/**
 * Sets `field` of `target` to what `compute` gives, computed when first asked for: not enumerable, as the fields kept
 * apart (a render key passes over it; materialized reads it). For what only a page rendering again needs.
 */
export function computedField<T extends object>(target: T, field: string, compute: () => unknown): void {
  let computations = (target as { [COMPUTE]?: Record<string, () => unknown> })[COMPUTE];
  if (!computations) Object.defineProperty(target, COMPUTE, { value: (computations = {}), configurable: true, writable: true });
  computations[field] = compute;
  Object.defineProperty(target, field, computerOf(field));
}

/**
 * `value` with its fields kept apart and computed when asked for read, as fields of its own (for a structured clone,
 * which passes over them).
 */
export function materialized<T extends object>(value: T): T {
  const hidden = Object.getOwnPropertyNames(value).filter((name) => !Object.getOwnPropertyDescriptor(value, name)!.enumerable);
  if (hidden.length === 0) return value;
  const copy = { ...value } as Record<string, unknown>;
  for (const field of hidden) copy[field] = (value as Record<string, unknown>)[field];
  return copy as T;
}
