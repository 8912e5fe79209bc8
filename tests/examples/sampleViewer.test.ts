/**
 * Guards the sample viewer's promises to the rest of carta-docs: it type-checks without any installed package,
 * TypeDoc converts it without warnings, and every name the tutorials link to exists in the area they link to, with
 * the kind and parameters it has in the real viewer.
 */
import {readFileSync, readdirSync} from "node:fs";
import path from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import {Application, ReflectionKind, type DeclarationReflection, type ProjectReflection} from "typedoc";
import ts from "typescript";
import {beforeAll, describe, expect, it} from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/viewer");
const entryPoints = ["index.tsx", ...["components", "components/Dialogs", "components/Shared", "enums", "models", "services", "stores", "utilities"].map(area => `${area}/index.ts`)];

// The names the docs' tutorials link to, by area (TypeDoc module name) and kind, with the members they mention.
const CONTRACT: Record<string, Record<string, [ReflectionKind, string[]]>> = {
    // Next's enums module, as CARTA 6.0's (the frozen versions keep them in stores: their patches).
    enums: {
        FrameScaling: [ReflectionKind.Enum, ["LINEAR", "LOG", "SQRT", "SQUARE", "POWER", "GAMMA"]],
        PreferenceKeys: [ReflectionKind.Enum, ["GLOBAL_CODE_SNIPPETS_ENABLED"]]
    },
    stores: {
        AppStore: [
            ReflectionKind.Class,
            [
                ...["Instance", "openFile", "appendFile", "closeFile", "closeCurrentFile", "getFrame", "requestMoment", "requestPV", "importRegion", "setSpatialMatchingEnabled", "spatialReference"],
                // The 6.0 names of switching images; the 5.0.0 and 4.1.0 ones are in the frozen versions' patches.
                ...["updateActiveImageByFrame", "setActiveImageById"],
                ...["frames", "activeFrame", "activeFrameIndex", "imageViewConfigStore", "imageFittingStore", "preferenceStore", "snippetStore", "widgetsStore", "logStore", "dialogStore"]
            ]
        ],
        FrameStore: [
            ReflectionKind.Class,
            [
                ...["frameInfo", "filename", "renderConfig", "regionSet", "channel", "stokes", "numChannels", "setChannel", "setChannels", "headerUnit", "secondarySpatialImages"],
                ...["setStokes", "setStokesByIndex", "stokesInfo", "polarizations", "center", "zoomLevel", "fitZoom", "setCenter", "setCenterWcs", "setZoom"],
                ...["zoomToSizeX", "zoomToSizeY", "zoomToSizeXWcs", "zoomToSizeYWcs", "fittingResult", "fittingLog", "resetFitting"]
            ]
        ],
        FrameInfo: [ReflectionKind.Interface, ["fileId", "directory", "hdu", "fileInfo", "fileInfoExtended"]],
        RenderConfigStore: [ReflectionKind.Class, ["colorMap", "scaling", "selectedPercentile", "setColorMap", "setScaling", "setPercentileRank", "setCustomScale", "setGamma", "setInverted", "PERCENTILE_RANKS"]],
        RegionSetStore: [
            ReflectionKind.Class,
            ["regions", "focusedRegion", "addPointRegion", "addRectangularRegion", "addEllipticalRegion", "addPolygonalRegion", "addLineRegion", "addPolylineRegion", "addRegionAsync", "deleteRegion", "selectSingleRegion", "setFocusedRegion", "clearSelection"]
        ],
        RegionStore: [ReflectionKind.Class, ["regionId", "regionType", "center", "size", "rotation", "name", "color", "setCenter", "setSize", "setRotation", "setName", "setColor"]],
        ImageFittingStore: [ReflectionKind.Class, ["components", "isFitting", "isAutoInitVal", "setIsAutoInitVal", "fitDisabled", "setComponents", "clearComponents", "fitImage"]],
        DialogStore: [ReflectionKind.Class, ["dialogVisible", "showDialog", "hideDialog"]],
        DialogId: [ReflectionKind.Enum, ["Fitting"]],
        ImageFittingIndividualStore: [ReflectionKind.Class, ["center", "amplitude", "fwhm", "pa", "validParams", "setCenterX", "setCenterY", "setAmplitude", "setFwhmX", "setFwhmY", "setPa"]],
        ImageViewConfigStore: [ReflectionKind.Class, ["colorBlendingImages", "colorBlendingImageMap", "createColorBlending", "removeColorBlending"]],
        ColorBlendingStore: [
            ReflectionKind.Class,
            ["id", "filename", "baseFrame", "selectedFrames", "frames", "alpha", "ColormapSets", "DefaultLayerLimit", "addSelectedFrame", "setSelectedFrame", "deleteSelectedFrame", "setAlpha", "applyColormapSet"]
        ],
        PreferenceStore: [ReflectionKind.Class, ["setPreference", "isCodeSnippetsEnabled"]],
        SnippetStore: [ReflectionKind.Class, ["snippets", "saveSnippet", "executeCurrentSnippet"]],
        LogStore: [ReflectionKind.Class, ["addInfo", "addWarning", "addError"]],
        WidgetsStore: [ReflectionKind.Class, ["spectralProfileWidgets", "pvGeneratorWidgets"]],
        WidgetProps: [ReflectionKind.Class, ["id", "docked"]],
        DefaultWidgetConfig: [ReflectionKind.Interface, ["id", "type", "title", "defaultWidth", "defaultHeight", "isCloseable"]],
        LayoutStore: [ReflectionKind.Class, []],
        AlertStore: [ReflectionKind.Class, []],
        AnimatorStore: [ReflectionKind.Class, []],
        AnimationMode: [ReflectionKind.Enum, []],
        ContourConfigStore: [ReflectionKind.Class, []],
        OverlayStore: [ReflectionKind.Class, []],
        CatalogStore: [ReflectionKind.Class, []],
        SpectralProfileWidgetStore: [ReflectionKind.Class, ["selectedMoments", "momentMask", "selectMoment", "requestMoment"]],
        PvGeneratorWidgetStore: [ReflectionKind.Class, ["width", "reverse", "keep", "requestPV"]],
        SpectralLine: [ReflectionKind.Interface, []]
    },
    models: {
        ...Object.fromEntries(
            ["Workspace", "WorkspaceFile", "WorkspaceRegion", "WorkspaceListItem", "WorkspaceRenderConfig", "WorkspaceContourConfig", "WorkspaceVectorOverlayConfig", "CatalogInfo"].map(name => [name, [ReflectionKind.Interface, []]])
        ),
        Point2D: [ReflectionKind.Class, ["x", "y"]],
        POLARIZATIONS: [ReflectionKind.Enum, ["I", "Q", "U", "V", "Plinear", "Pangle"]],
        Snippet: [ReflectionKind.Class, ["code"]],
        TileCoordinate: [ReflectionKind.Class, ["x", "y", "layer", "encode"]]
    },
    services: {
        ...Object.fromEntries(["ApiService", "BackendService", "CatalogApiService", "ScriptingService", "TelemetryService", "TileService", "TileWebGLService"].map(name => [name, [ReflectionKind.Class, ["Instance"]]])),
        ConnectionStatus: [ReflectionKind.Enum, []]
    },
    utilities: {
        COLOR_MAPS_ALL: [ReflectionKind.Variable, []],
        COLOR_MAPS_MONO: [ReflectionKind.Variable, []],
        ...Object.fromEntries(
        [
            ...["add2D", "subtract2D", "scale2D", "length2D", "dot2D", "rotate2D", "midpoint2D", "formattedFrequency", "formattedArcsec", "toFixed", "clamp", "getHeaderNumericValue"],
            ...["MipToLayer", "LayerToMip", "hanningSmoothing", "histogram", "gaussian", "createTextureFromArray"]
        ].map(name => [name, [ReflectionKind.Function, []]])
        )
    },
    components: Object.fromEntries(
        [
            ...["Animator", "CatalogOverlay", "CursorInfo", "ImageView", "LayerList", "Log", "RegionList", "RenderConfig", "SpatialProfiler", "SpectralProfiler"],
            ...["StokesAnalysis", "SpectralLineQuery", "PvGenerator"]
        ].map(name => [`${name}Component`, [ReflectionKind.Class, ["WIDGET_CONFIG", "render"]]])
    ),
    "components/Dialogs": {
        ...Object.fromEntries(
            ["About", "CodeSnippet", "Contour", "FileBrowser", "Fitting", "Preference", "Region", "TaskProgress", "Telemetry", "VectorOverlay"].map(name => [`${name}DialogComponent`, [ReflectionKind.Class, ["render"]]])
        ),
        ImageSaveComponent: [ReflectionKind.Class, ["render"]],
        WorkspaceDialogComponent: [ReflectionKind.Function, []],
        WorkspaceDialogMode: [ReflectionKind.Enum, ["Hidden", "Save", "Open"]]
    },
    "components/Shared": {
        ...Object.fromEntries(["SafeNumericInput", "ClearableNumericInputComponent"].map(name => [name, [ReflectionKind.Class, ["render"]]])),
        ColormapComponent: [ReflectionKind.Function, []],
        ClearableNumericInputProps: [ReflectionKind.Interface, ["label", "value", "onValueChanged", "onValueCleared"]]
    }
};

function sourceFiles(directory: string): string[] {
    return readdirSync(directory, {withFileTypes: true, recursive: true})
        .filter(entry => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map(entry => path.join(entry.parentPath, entry.name));
}

describe("sample viewer code base", () => {
    let app: Application;
    let project: ProjectReflection;
    const child = (fullName: string) => project.getChildByName(fullName.split(".")) as DeclarationReflection | undefined;

    beforeAll(async () => {
        app = await Application.bootstrapWithPlugins({
            entryPoints: entryPoints.map(entry => path.join(root, "src", entry)),
            tsconfig: path.join(root, "tsconfig.json"),
            skipErrorChecking: true,
            excludePrivate: true,
            excludeProtected: true,
            excludeInternal: true,
            // Source links depend on the checkout's git remote, not on the sample; leave them out.
            disableSources: true,
            // The CARTA protocol types are used but, as in the real viewer, not documented; carta-docs converts
            // with this check off too.
            validation: {notExported: false},
            logLevel: "None"
        });
        const converted = await app.convert();
        if (!converted) {
            throw new Error("TypeDoc could not convert the sample viewer");
        }
        project = converted;
        app.validate(project);
    }, 60_000);

    it("type-checks with TypeScript's own libraries only", () => {
        const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), undefined, {
            ...ts.sys,
            onUnRecoverableConfigFileDiagnostic: diagnostic => {
                throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
            }
        });
        const program = ts.createProgram({rootNames: config!.fileNames, options: config!.options});
        const messages = ts.getPreEmitDiagnostics(program).map(diagnostic => `${diagnostic.file?.fileName}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`);
        expect(messages).toEqual([]);
        const foreign = program.getSourceFiles().filter(file => !file.fileName.startsWith(`${root}/src/`) && !/\/typescript\/lib\/lib\.[\w.]+\.d\.ts$/.test(file.fileName));
        expect(foreign.map(file => file.fileName)).toEqual([]);
    }, 60_000);

    it("imports nothing from outside its own source tree", () => {
        const external = sourceFiles(path.join(root, "src")).flatMap(file =>
            [...readFileSync(file, "utf8").matchAll(/\bfrom\s+"([^"]+)"/g)].map(match => match[1]!).filter(specifier => !specifier.startsWith(".")).map(specifier => `${file}: ${specifier}`)
        );
        expect(external).toEqual([]);
    });

    it("converts with TypeDoc without warnings or errors", () => {
        expect({warnings: app.logger.warningCount, errors: app.logger.errorCount}).toEqual({warnings: 0, errors: 0});
    });

    it("exports a sane number of items from the nine entry points", () => {
        expect(project.children?.map(module => module.name).sort()).toEqual(["components", "components/Dialogs", "components/Shared", "enums", "index", "models", "services", "stores", "utilities"]);
        const itemCount = project.children!.reduce((sum, module) => sum + (module.children?.length ?? 0), 0);
        expect(itemCount).toBeGreaterThanOrEqual(60);
        expect(itemCount).toBeLessThanOrEqual(130);
    });

    it.each(Object.entries(CONTRACT).flatMap(([area, items]) => Object.entries(items).map(([name, [kind, members]]) => ({area, name, kind, members}))))(
        "exports $area › $name with the members the tutorials use",
        ({area, name, kind, members}) => {
            const item = child(`${area}.${name}`);
            expect(item && ReflectionKind[item.kind]).toBe(ReflectionKind[kind]);
            expect(members.filter(member => !item!.getChildByName(member))).toEqual([]);
        }
    );

    it("keeps the contract's fixed values", () => {
        const value = (fullName: string) => (child(fullName)?.type as {value?: unknown} | undefined)?.value;
        expect(["Hidden", "Save", "Open"].map(member => value(`components/Dialogs.WorkspaceDialogMode.${member}`))).toEqual([0, 1, 2]);
        expect(child("components/Shared.ClearableNumericInputProps.min")!.flags.isOptional).toBe(true);
        expect(child("stores.AppStore.Instance")!.flags.isStatic).toBe(true);
        const percentiles = child("stores.RenderConfigStore.PERCENTILE_RANKS")!;
        expect([percentiles.flags.isStatic, percentiles.flags.isReadonly]).toEqual([true, true]);
        expect(child("stores.RenderConfigStore.COLOR_MAPS_ALL")).toBeUndefined();
        const parameters = (fullName: string) => child(fullName)!.signatures![0]!.parameters!.map(parameter => parameter.name);
        expect(parameters("stores.AppStore.openFile")).toEqual(["path", "filename", "hdu", "isImageArithmetic", "shouldUpdateStartingDirectory"]);
        expect(parameters("stores.AppStore.requestPV")).toEqual(["message", "frame", "shouldKeepExisting"]);
        expect(parameters("stores.AppStore.setActiveImageById")).toEqual(["type", "id"]);
        expect(parameters("stores.AppStore.closeFile")).toEqual(["frame", "shouldConfirmClose"]);
        expect(parameters("stores.AppStore.importRegion")).toEqual(["directory", "file", "type", "targetFrame"]);
        expect(parameters("stores.FrameStore.setChannels")).toEqual(["channel", "stokes", "recursive"]);
        expect(parameters("stores.RegionSetStore.addRegionAsync")).toEqual(["regionType", "points", "rotation", "regionName"]);
        expect(child("stores.RegionSetStore.addLineRegion")!.signatures![0]!.parameters!.map(parameter => parameter.type?.toString())).toEqual(["Point2D[]", "boolean"]);
    });

    it("keeps the protocol types of the CARTA namespace and the React stand-in out of the reference, as the real viewer does", () => {
        const foreignNames = new Set(["CARTA", "RegionType", "Moment", "MomentMask", "FileType", "ErrorSeverity", "IMomentRequest", "IPvRequest", "IHeaderEntry", "IOpenFileAck", "Component", "ReactElement"]);
        expect(Object.values(project.reflections).filter(reflection => foreignNames.has(reflection.name)).map(reflection => reflection.getFullName())).toEqual([]);
    });

    it("leaves private members out of the reference", () => {
        const hidden = ["services.BackendService.request", "services.BackendService.send", "stores.RegionSetStore.requestSetRegion", "stores.AppStore.loadFile", "stores.AppStore.addFrame"];
        expect(hidden.filter(name => child(name))).toEqual([]);
    });

    it("documents every exported item and resolves every link", () => {
        const undocumented = project.children!.flatMap(module => module.children ?? []).filter(item => !(item.comment ?? item.signatures?.[0]?.comment)?.summary.length);
        expect(undocumented.map(item => item.getFullName())).toEqual([]);
        const broken = Object.values(project.reflections).flatMap(reflection =>
            [...(reflection.comment?.summary ?? []), ...(reflection.comment?.blockTags.flatMap(tag => tag.content) ?? [])]
                .filter(part => part.kind === "inline-tag" && part.tag === "@link" && !part.target)
                .map(part => `${reflection.getFullName()}: ${part.text}`)
        );
        expect(broken).toEqual([]);
    });

    it("writes the real viewer's constructs the way the viewer does", () => {
        // Flows (MobX's `@flow.bound *openFile(...)`) are generator methods; snippets await them all the same.
        for (const flow of ["stores.AppStore.openFile", "stores.AppStore.requestPV", "stores.AppStore.importRegion", "stores.PreferenceStore.setPreference"]) {
            expect(child(flow)!.signatures![0]!.type?.toString(), flow).toMatch(/^Generator</);
        }
        expect(child("stores.RegionSetStore.addRegionAsync")!.signatures![0]!.type?.toString()).toBe("Promise<RegionStore>");
        // Singletons are reached through a static getter; computed values are getters.
        expect(child("stores.AppStore.Instance")!.getSignature).toBeDefined();
        expect(child("stores.AppStore.frames")!.getSignature).toBeDefined();
        expect(child("components.LogComponent.WIDGET_CONFIG")!.getSignature).toBeDefined();
        const examples = Object.values(project.reflections).flatMap(reflection => reflection.comment?.getTags("@example") ?? []);
        expect(examples.some(tag => tag.content.some(part => part.kind === "code" && part.text.startsWith("```ts")))).toBe(true);
    });
});

describe("sample viewer protocol values and helpers", () => {
    // The sample resolves its imports the bundler way, which this repository's NodeNext settings reject, so its
    // modules are loaded at run time, untyped, rather than imported.
    const load = (file: string) => import(pathToFileURL(path.join(root, "src", file)).href);

    it("numbers the CARTA enums as the tutorials' tables and snippets do", async () => {
        const {RegionType, Moment, MomentMask, MomentAxis, FileType} = (await load("protobuf/carta.ts")).CARTA;
        expect([RegionType.POINT, RegionType.LINE, RegionType.POLYLINE, RegionType.RECTANGLE, RegionType.ELLIPSE, RegionType.ANNULUS, RegionType.POLYGON]).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect([FileType.CRTF, FileType.DS9_REG]).toEqual([1, 2]);
        const moments = Object.entries(Moment as Record<string, unknown>).filter(([name]) => Number.isNaN(Number(name)));
        expect(moments.map(([, value]) => value)).toEqual([...Array(13).keys()]);
        expect([Moment.INTEGRATED_OF_THE_SPECTRUM, Moment.INTENSITY_WEIGHTED_COORD, Moment.MAX_OF_THE_SPECTRUM]).toEqual([1, 2, 9]);
        expect([MomentMask.None, MomentMask.Include, MomentMask.Exclude, MomentAxis.SPECTRAL]).toEqual([0, 1, 2, 0]);
        const {POLARIZATIONS} = await load("models/PolarizationDefinition/PolarizationDefinition.ts");
        expect([POLARIZATIONS.I, POLARIZATIONS.Q, POLARIZATIONS.U, POLARIZATIONS.V, POLARIZATIONS.Plinear, POLARIZATIONS.Pangle]).toEqual([1, 2, 3, 4, 14, 17]);
    });

    it("computes what the utilities' documentation promises", async () => {
        const {gaussian, getHeaderNumericValue, hanningSmoothing, histogram, LayerToMip, MipToLayer} = await load("utilities/index.ts");
        const {EntryType} = (await load("protobuf/carta.ts")).CARTA;
        expect(gaussian(2, 1, 0, 4)).toBeCloseTo(0.5);
        expect(gaussian(7, 3, 7, 1)).toBe(3);
        expect(hanningSmoothing([0, 4, 0, 4])).toEqual([0, 2, 2, 4]);
        expect(histogram([1, 2, 2, 3, NaN], 2)).toEqual({hist: [1, 3], binEdges: [1, 2, 3]});
        expect(histogram([5, 5], 3).hist).toEqual([0, 0, 2]);
        const [image, tile] = [{x: 2048, y: 1024}, {x: 256, y: 256}];
        expect([1, 2, 4, 8].map((mip: number) => MipToLayer(mip, image, tile))).toEqual([3, 2, 1, 0]);
        expect([0, 1, 2, 3].map((layer: number) => LayerToMip(layer, image, tile))).toEqual([8, 4, 2, 1]);
        expect(getHeaderNumericValue({name: "RESTFRQ", value: "2.30538E+11", entryType: EntryType.FLOAT, numericValue: 230538000000})).toBe(230538000000);
        expect(getHeaderNumericValue({name: "NCOMBINE", value: "3 / frames", entryType: EntryType.STRING})).toBe(3);
        expect([getHeaderNumericValue({name: "OBJECT", value: "Orion"}), getHeaderNumericValue(undefined)]).toEqual([NaN, NaN]);
    });
});

describe("sample viewer metadata", () => {
    it("is a private carta-frontend 6.0.0 package (the 6.0 line, next) without dependencies", () => {
        const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
        expect([manifest.name, manifest.version, manifest.private]).toEqual(["carta-frontend", "6.0.0", true]);
        expect(Object.keys(manifest).filter(key => /dependencies$/i.test(key))).toEqual([]);
    });

    it("keeps a changelog with Added, Changed and Fixed for each release", () => {
        const changelog = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
        const releases = changelog.split(/^## /m).slice(1);
        expect(releases.map(release => release.match(/^\[([^\]]+)\]/)?.[1])).toEqual(["Unreleased", "5.0.0", "4.1.0", "4.0.0"]);
        for (const release of releases) {
            expect(release.match(/^### (\w+)/gm)).toEqual(["### Added", "### Changed", "### Fixed"]);
        }
    });
});
