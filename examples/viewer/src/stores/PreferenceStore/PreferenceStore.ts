import {PreferenceKeys} from "../../enums";

/** The user's preferences, stored on the server (or in the browser) so that they survive reloads. */
export class PreferenceStore {
    private static staticInstance?: PreferenceStore;

    /** The viewer's single preference store. */
    static get Instance(): PreferenceStore {
        return (PreferenceStore.staticInstance ??= new PreferenceStore());
    }

    private readonly preferences = new Map<PreferenceKeys, unknown>();

    /** Colour theme of the interface: `"light"`, `"dark"` or `"auto"`, which follows the operating system. */
    get theme(): string {
        return (this.preferences.get(PreferenceKeys.GLOBAL_THEME) as string) ?? "auto";
    }

    /** Whether the code snippet editor and the **Snippets** menu are available. */
    get isCodeSnippetsEnabled(): boolean {
        return (this.preferences.get(PreferenceKeys.GLOBAL_CODE_SNIPPETS_ENABLED) as boolean) ?? false;
    }

    /** Colour map newly opened images start with. */
    get colormap(): string {
        return (this.preferences.get(PreferenceKeys.RENDER_CONFIG_COLORMAP) as string) ?? "inferno";
    }

    /** Percentile rank newly opened images are clipped at. */
    get percentile(): number {
        return (this.preferences.get(PreferenceKeys.RENDER_CONFIG_PERCENTILE) as number) ?? 99.9;
    }

    /**
     * Changes a preference and saves it. A flow: `await` it.
     *
     * @param key - The preference.
     * @param value - Its new value.
     * @returns `false` when the key or the value is not valid.
     */
    *setPreference(key: PreferenceKeys, value: any): Generator<Promise<unknown>, boolean, any> {
        if (!Object.values(PreferenceKeys).includes(key)) {
            return false;
        }
        this.preferences.set(key, value);
        return true;
    }
}
