/**
 * Names of the colour maps the raster renderer can apply to an image.
 *
 * @remarks
 * The names follow the matplotlib colour maps the viewer's palettes are modelled on, so `"RdBu"` keeps its
 * capitals, and the single-colour maps used for blending are capitalised. Pass one to `RenderConfigStore.setColorMap` to recolour an image.
 */
export type ColorMapName =
    | "afmhot"
    | "Blues"
    | "coolwarm"
    | "cubehelix"
    | "gray"
    | "greens"
    | "hot"
    | "inferno"
    | "jet"
    | "magma"
    | "plasma"
    | "rainbow"
    | "RdBu"
    | "reds"
    | "seismic"
    | "viridis"
    // Single-colour maps, used as layers of a colour blend.
    | "Red"
    | "Orange"
    | "Yellow"
    | "Green"
    | "Cyan"
    | "Blue"
    | "Violet";
