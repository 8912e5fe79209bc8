/** Every colour map name `RenderConfigStore.setColorMap` accepts, in the order of the colour map menu. */
export const COLOR_MAPS_ALL: string[] = ["afmhot", "Blues", "coolwarm", "cubehelix", "gray", "greens", "hot", "inferno", "jet", "magma", "plasma", "rainbow", "RdBu", "reds", "seismic", "viridis", "Red", "Orange", "Yellow", "Green", "Cyan", "Blue", "Violet", "Magenta"];

/** The shorter choice of colour maps that the colour map menus offer; every name is also in {@link COLOR_MAPS_ALL}. */
export const COLOR_MAPS_SELECTED: string[] = ["afmhot", "Blues", "coolwarm", "cubehelix", "gray", "greens", "hot", "inferno", "jet", "magma", "plasma", "rainbow", "RdBu", "reds", "seismic", "viridis"];

/** The single-colour maps, which run from black to one colour, with that colour as a hex string. */
export const COLOR_MAPS_MONO = new Map<string, string>([
    ["Red", "#FF0000"],
    ["Orange", "#FFA500"],
    ["Yellow", "#FFFF00"],
    ["Green", "#00FF00"],
    ["Cyan", "#00FFFF"],
    ["Blue", "#0000FF"],
    ["Violet", "#7F00FF"],
    ["Magenta", "#FF00FF"]
]);
