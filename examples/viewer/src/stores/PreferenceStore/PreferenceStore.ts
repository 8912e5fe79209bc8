import type {ColorMapName} from "../../models";
import {TelemetryMode} from "../../services";
import {FrameScaling} from "../Frame/RenderConfigStore";

/** Names of the user preferences, as stored in the browser. */
export enum PreferenceKey {
    THEME = "theme",
    COLOR_MAP = "colormap",
    SCALING = "scaling",
    PERCENTILE = "percentile",
    CODE_SNIPPETS_ENABLED = "codeSnippetsEnabled",
    TELEMETRY_MODE = "telemetryMode"
}

/** The value type of each preference. */
export interface Preferences {
    /** Colour theme of the interface; `"auto"` follows the operating system. */
    [PreferenceKey.THEME]: "light" | "dark" | "auto";
    /** Colour map newly opened images start with. */
    [PreferenceKey.COLOR_MAP]: ColorMapName;
    /** Scaling function newly opened images start with. */
    [PreferenceKey.SCALING]: FrameScaling;
    /** Percentile rank newly opened images are clipped at. */
    [PreferenceKey.PERCENTILE]: number;
    /** Whether the code snippet editor is available. */
    [PreferenceKey.CODE_SNIPPETS_ENABLED]: boolean;
    /** How much usage information may be sent. */
    [PreferenceKey.TELEMETRY_MODE]: TelemetryMode;
}

/**
 * The user's preferences, kept in the browser's local storage so they survive reloads. Only values that differ
 * from {@link PreferenceStore.DEFAULTS} are stored.
 *
 * @example
 * ```ts
 * app.preferenceStore.setPreference(PreferenceKey.COLOR_MAP, "viridis");
 * app.preferenceStore.setPreference(PreferenceKey.CODE_SNIPPETS_ENABLED, true);
 * ```
 */
export class PreferenceStore {
    /** Key of the local storage entry holding the preferences. */
    static readonly STORAGE_KEY = "CARTA-preferences";
    /** The value of each preference the user has not changed. */
    static readonly DEFAULTS: Readonly<Preferences> = {
        [PreferenceKey.THEME]: "light",
        [PreferenceKey.COLOR_MAP]: "inferno",
        [PreferenceKey.SCALING]: FrameScaling.LINEAR,
        [PreferenceKey.PERCENTILE]: 99.9,
        [PreferenceKey.CODE_SNIPPETS_ENABLED]: false,
        [PreferenceKey.TELEMETRY_MODE]: TelemetryMode.Usage
    };

    private values: Partial<Preferences>;

    /** @param storage - Where preferences are kept; tests pass an in-memory `Storage`. */
    constructor(private readonly storage: Storage = localStorage) {
        this.values = JSON.parse(storage.getItem(PreferenceStore.STORAGE_KEY) ?? "{}") as Partial<Preferences>;
    }

    /** Whether the code snippet editor is available; snippets cannot run until the user enables it. */
    get codeSnippetsEnabled(): boolean {
        return this.getPreference(PreferenceKey.CODE_SNIPPETS_ENABLED);
    }

    /**
     * Returns the current value of a preference.
     *
     * @typeParam K - The preference, which determines the value type.
     */
    getPreference<K extends PreferenceKey>(key: K): Preferences[K] {
        return this.values[key] ?? PreferenceStore.DEFAULTS[key];
    }

    /**
     * Changes a preference and saves it.
     *
     * @param key - The preference.
     * @param value - Its new value; the type depends on the key, see {@link Preferences}.
     */
    setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
        this.values[key] = value;
        const changed = Object.entries(this.values).filter(([name, current]) => PreferenceStore.DEFAULTS[name as PreferenceKey] !== current);
        this.storage.setItem(PreferenceStore.STORAGE_KEY, JSON.stringify(Object.fromEntries(changed)));
    }
}
