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
 * An entry as a part file holds it: each field `apart` names is in the part's value file. Fields kept apart are
 * best last in a value (a doc's body, a page's twin): they are put back after the others, which is fast; a value
 * with a field of its own after one kept apart holds a stand-in in its place, and is made again in its order.
 */
export interface StoredEntry extends Entry {
  apart?: ApartRef[];
}

/** One stored value's fields kept apart: where they are (a save copies their bytes from there), and those read. */
class Origin {
  private loaded?: Map<string, unknown>;
  constructor(
    readonly file: string,
    readonly refs: ApartRef[],
    private readonly table: CacheTable,
    private readonly id: string,
    private readonly read: string[],
  ) {}

  load(field: string): unknown {
    this.loaded ??= new Map();
    if (!this.loaded.has(field)) {
      const [, offset, length] = this.refs.find(([name]) => name === field)!;
      this.loaded.set(field, readValue(this.file, offset, length));
      this.read.push(`${this.table} ${this.id} ${field}`);
    }
    return this.loaded.get(field);
  }
}

/** An object's fields read when first asked for (a stored value's, or a copy's), and where they come from. */
interface Lazy {
  fields: readonly string[];
  from: Origin;
  /** Set on the stored value itself (not a copy): its fields kept apart are saved from `from`. */
  stored?: true;
}

/**
 * Where an object with fields read when first asked for (a stored value, or a copy of one made by withFields or
 * carryFields) keeps its Lazy: a property of its own that spreads, JSON and structured clones pass over. Any other
 * object is copied as a spread copies it.
 */
const LAZY = Symbol("fields kept apart");

const lazyOf = (value: object): Lazy | undefined => (value as { [LAZY]?: Lazy })[LAZY];
const setLazy = (value: object, lazy: Lazy) => Object.defineProperty(value, LAZY, { value: lazy, configurable: true, writable: true });

/**
 * One accessor per field name, shared by every object with that field kept apart: objects built alike then share
 * their hidden class (an accessor of its own per object would give each one a class of its own, and an accessor
 * put in place of a data field turns the object into a slow dictionary).
 */
const accessors = new Map<string, PropertyDescriptor>();
function accessorOf(field: string): PropertyDescriptor {
  let accessor = accessors.get(field);
  if (!accessor) {
    accessor = {
      enumerable: true,
      configurable: true,
      get(this: object) {
        return lazyOf(this)!.from.load(field);
      },
      // A field set anew (paths rebased in a store moved elsewhere) is the object's own from then on, saved as it is.
      set(this: object, now: unknown) {
        Object.defineProperty(this, field, { value: now, writable: true, enumerable: true, configurable: true });
        const lazy = lazyOf(this)!;
        setLazy(this, { ...lazy, fields: lazy.fields.filter((name) => name !== field) });
      },
    };
    accessors.set(field, accessor);
  }
  return accessor;
}

/** What holds the place of a field kept apart in a part file (see StoredEntry). */
const STAND_IN = 0;

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

/**
 * `fields` of `source` put on `target` (fields already on it replaced in place, others added after them), those
 * `given` from there: a field `lazy` names stays unread, `target` sharing its loading.
 */
function build(target: Record<string, unknown>, source: object, lazy: Lazy | undefined, fields: Iterable<string>, given?: Record<string, unknown>): void {
  const read = source as Record<string, unknown>;
  const still: string[] = [];
  for (const field of fields) {
    if (given && Object.hasOwn(given, field)) target[field] = given[field];
    else if (lazy?.fields.includes(field)) {
      Object.defineProperty(target, field, accessorOf(field));
      still.push(field);
    } else target[field] = read[field];
  }
  if (lazy && still.length > 0) setLazy(target, { fields: [...(lazyOf(target)?.fields ?? []), ...still], from: lazy.from });
}

/** The values of one store's entries kept apart: loaded when first asked for, and saved again unread. */
export class ApartValues {
  /** Each value read from a value file, as "table id field": the store's own accounting of what a build loaded. */
  readonly read: string[] = [];

  /**
   * Makes a loaded `entry`'s value read each field kept apart in `file` (a value file's path) when first asked for:
   * added after the value's other fields, or with the value made again in its order when one of them follows.
   */
  attach(table: CacheTable, id: string, entry: StoredEntry, file: string): void {
    const { apart } = entry;
    if (!apart) return;
    delete entry.apart;
    const lazy: Lazy = { fields: apart.map(([field]) => field), from: new Origin(file, apart, table, id, this.read), stored: true };
    const skeleton = entry.value as Record<string, unknown>;
    if (lazy.fields.every((field) => !Object.hasOwn(skeleton, field))) {
      for (const field of lazy.fields) Object.defineProperty(skeleton, field, accessorOf(field));
      setLazy(skeleton, lazy);
      return;
    }
    const value: Record<string, unknown> = {};
    build(value, skeleton, lazy, [...Object.keys(skeleton), ...lazy.fields.filter((field) => !Object.hasOwn(skeleton, field))]);
    setLazy(value, lazy);
    entry.value = value;
  }

  /**
   * `entry` as a part file of `table` holds it: its large fields appended to the part's value file by `append`
   * (which answers their offset); those it loaded kept apart are copied from `previous` (a value file's bytes) unread.
   */
  split(table: CacheTable, entry: Entry, append: (bytes: Buffer) => number, previous: (file: string) => Buffer): StoredEntry {
    const { value } = entry;
    if (!APART_TABLES.has(table) || !isPlainObject(value)) return entry;
    const lazy = lazyOf(value);
    const origin = lazy?.stored ? lazy : undefined;
    const kept: Record<string, unknown> = {};
    const apart: ApartRef[] = [];
    const put = (field: string, bytes: Buffer) => {
      apart.push([field, append(bytes), bytes.length]);
      kept[field] = STAND_IN;
    };
    for (const field of Object.keys(value)) {
      const ref = origin?.fields.includes(field) ? origin.from.refs.find(([name]) => name === field) : undefined;
      if (ref) {
        put(field, previous(origin!.from.file).subarray(ref[1], ref[1] + ref[2]));
        continue;
      }
      const item = value[field];
      if (isLarge(item)) put(field, v8.serialize(item));
      else kept[field] = item;
    }
    if (apart.length === 0) return entry;
    // Stand-ins only where a field of the value's own follows (see StoredEntry).
    const keys = Object.keys(kept);
    for (let i = keys.length - 1; i >= 0 && apart.some(([field]) => field === keys[i]); i--) delete kept[keys[i]!];
    return { ...entry, value: kept, apart };
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
  const lazy = lazyOf(value);
  if (!lazy) return { ...value, ...fields };
  const copy: Record<string, unknown> = {};
  const given = fields as Record<string, unknown>;
  build(copy, value, lazy, Object.keys(value), given);
  for (const field of Object.keys(given)) if (!Object.hasOwn(copy, field)) copy[field] = given[field];
  return copy as Omit<T, keyof F> & F;
}

/** Adds `fields` of `from` to `to` (which has none of them yet) as they are, a field kept apart unread; those undefined left out. */
export function carryFields<T extends object, K extends keyof T & string>(to: object, from: T, fields: readonly K[]): void {
  const lazy = lazyOf(from);
  build(to as Record<string, unknown>, from, lazy, fields.filter((field) => lazy?.fields.includes(field) || from[field] !== undefined));
}

/** Whether `value` has `field` set, without reading it when it is kept apart (such a field is never undefined). */
export function hasField<T extends object>(value: T, field: keyof T & string): boolean {
  return lazyOf(value)?.fields.includes(field) === true || value[field] !== undefined;
}
