/** Keys of the user preferences; the values are the names the server stores them under. */
export enum PreferenceKeys {
    GLOBAL_THEME = "theme",
    GLOBAL_CODE_SNIPPETS_ENABLED = "codeSnippetsEnabled",
    RENDER_CONFIG_SCALING = "scaling",
    RENDER_CONFIG_COLORMAP = "colormap",
    RENDER_CONFIG_PERCENTILE = "percentile",
    TELEMETRY_MODE = "telemetryMode"
}
