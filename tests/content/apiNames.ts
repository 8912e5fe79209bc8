/**
 * The API names the docs may link to with `api:` links: the contract shared with the sample viewer
 * (examples/viewer). A member list restricts `Name#member` links; an empty list allows only the page itself.
 */
export const API_AREAS = [
  "/.-components",
  "/.-components/Dialogs",
  "/.-components/Shared",
  "/.-models",
  "/.-services",
  "/.-stores",
  "/.-utilities",
] as const;

const names = (...list: string[]): Record<string, string[]> => Object.fromEntries(list.map((n) => [n, []]));

export const API_SYMBOLS: Record<string, string[]> = {
  AppStore: [
    "Instance", "openFile", "appendFile", "closeFile", "closeCurrentFile", "setActiveFrame", "setActiveFrameById",
    "getFrame", "requestMoment", "requestPV", "frames", "activeFrame", "activeFrameIndex", "imageViewConfigStore",
    "imageFittingStore", "preferenceStore", "snippetStore", "widgetsStore", "logStore",
  ],
  FrameStore: [
    "frameInfo", "filename", "renderConfig", "regionSet", "channel", "stokes", "numChannels", "setChannel",
    "setChannels", "headerValue", "isCube",
  ],
  RenderConfigStore: [
    "colorMap", "scaling", "percentileRanks", "selectedPercentile", "setColorMap", "setScaling", "setPercentileRank",
    "setCustomScale", "setGamma", "setInverted", "COLOR_MAPS_ALL",
  ],
  FrameScaling: ["LINEAR", "LOG", "SQRT", "SQUARE", "POWER", "GAMMA"],
  RegionSetStore: [
    "regions", "selectedRegion", "addPointRegion", "addRectangularRegion", "addEllipticalRegion", "addPolygonRegion",
    "addLineRegion", "deleteRegion", "selectRegion",
  ],
  RegionStore: [
    "regionId", "regionType", "center", "size", "rotation", "name", "color", "setCenter", "setSize", "setRotation",
    "setName", "setColor",
  ],
  RegionType: ["POINT", "LINE", "POLYLINE", "RECTANGLE", "ELLIPSE", "ANNULUS", "POLYGON"],
  ImageFittingStore: ["components", "fitResult", "isFitting", "setComponents", "fitImage", "clearFitResult"],
  FittingComponentStore: ["center", "amplitude", "fwhm", "pa", "setCenterX", "setCenterY", "setAmplitude", "setFwhmX", "setFwhmY", "setPa"],
  ImageViewConfigStore: ["colorBlendingImages", "createColorBlending", "removeColorBlending"],
  ColorBlendingStore: ["layers", "addSelectedLayer", "setAlpha", "setColorMap", "deleteSelectedLayer"],
  PreferenceStore: ["setPreference", "codeSnippetsEnabled"],
  SnippetStore: ["snippets", "addSnippet", "runSnippet"],
  LogStore: ["addInfo", "addWarning", "addError"],
  AnimatorStore: [],
  AnimationMode: [],
  MomentRequest: ["moments", "axis", "spectralRange", "mask", "pixelRange", "keep"],
  Moment: ["MEAN_COORDINATE", "INTEGRATED_OF_THE_SPECTRUM"],
  MomentMask: ["None", "Include", "Exclude"],
  PVRequest: ["regionId", "width", "reverse", "keep", "spectralRange"],
  WorkspaceDialogMode: ["Save", "Open"],
  Point2D: ["x", "y"],
  ...names(
    "FitResult", "WidgetsStore", "LayoutStore", "AlertStore", "ContourConfigStore", "OverlayStore", "CatalogStore",
    // models
    "Workspace", "WorkspaceFile", "WorkspaceRegion", "WorkspaceListItem", "WorkspaceRenderConfig",
    "WorkspaceContourConfig", "WorkspaceVectorOverlayConfig", "CatalogInfo", "SpectralLine", "HipsSurvey",
    "ColorMapName", "WORKSPACE_SCHEMA_VERSION",
    // services
    "BackendService", "CatalogApiService", "ScriptingService", "TelemetryService", "TileService", "WebGLService",
    "ConnectionStatus",
    // utilities
    "add2D", "subtract2D", "scale2D", "length2D", "dot2D", "rotate2D", "midpoint2D", "formattedFrequency",
    "formattedArcsec", "toFixed", "clamp", "findHeaderValue", "tileKey", "mipLevelForZoom", "smoothGaussian",
    "histogramFromData", "gaussian2D", "createTextureFromArray", "TileCoordinate", "FrequencyUnit", "HistogramBins",
    // components
    "AnimatorComponent", "CatalogOverlayComponent", "CursorInfoComponent", "ImageViewComponent", "ImageViewComponentProps",
    "LayerListComponent", "LogComponent", "RegionListComponent", "RenderConfigComponent", "SpatialProfilerComponent",
    "SpectralProfilerComponent", "StokesAnalysisComponent", "SpectralLineQueryComponent", "PvGeneratorComponent",
    "FittingComponent", "FileInfoComponent",
    // dialogs
    "AboutDialogComponent", "CodeSnippetDialogComponent", "ContourDialogComponent", "FileBrowserDialogComponent",
    "PreferenceDialogComponent", "RegionDialogComponent", "SaveImageDialogComponent", "TelemetryDialogComponent",
    "VectorOverlayDialogComponent", "WorkspaceDialogComponent",
    // shared components
    "ColormapComponent", "SafeNumericInput", "ClearableNumericInput", "TaskProgressDialogComponent", "copyToClipboard",
  ),
};

/** Why an `api:` target is not allowed, or undefined when it is. */
export function apiLinkProblem(target: string): string | undefined {
  if (target.startsWith("/")) {
    return (API_AREAS as readonly string[]).includes(target) ? undefined : `unknown area path ${target}`;
  }
  const [name = "", member] = target.split(/[#.]/, 2);
  const members = API_SYMBOLS[name];
  if (!members) return `unknown symbol ${name}`;
  if (member !== undefined && !members.includes(member)) return `${name} has no listed member ${member}`;
  return undefined;
}
