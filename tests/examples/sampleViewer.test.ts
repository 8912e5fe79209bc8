/**
 * Guards the sample viewer's promises to the rest of carta-docs: it type-checks without any installed package,
 * TypeDoc converts it without warnings, and every name the tutorials link to exists in the area they link to.
 */
import {readFileSync, readdirSync} from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {Application, ReflectionKind, type DeclarationReflection, type ProjectReflection} from "typedoc";
import ts from "typescript";
import {beforeAll, describe, expect, it} from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/viewer");
const entryPoints = ["index.tsx", ...["components", "components/Dialogs", "components/Shared", "models", "services", "stores", "utilities"].map(area => `${area}/index.ts`)];

// The names the docs' tutorials link to, by area (TypeDoc module name) and kind, with the members they mention.
const CONTRACT: Record<string, Record<string, [ReflectionKind, string[]]>> = {
    stores: {
        AppStore: [ReflectionKind.Class, ["Instance", "openFile", "appendFile", "closeFile", "closeCurrentFile", "setActiveFrame", "setActiveFrameById", "getFrame", "requestMoment", "requestPV", "frames", "activeFrame", "activeFrameIndex", "imageViewConfigStore", "imageFittingStore", "preferenceStore", "snippetStore", "widgetsStore", "logStore"]],
        FrameStore: [ReflectionKind.Class, ["frameInfo", "filename", "renderConfig", "regionSet", "channel", "stokes", "numChannels", "setChannel", "setChannels", "headerValue", "isCube"]],
        RenderConfigStore: [ReflectionKind.Class, ["colorMap", "scaling", "percentileRanks", "selectedPercentile", "setColorMap", "setScaling", "setPercentileRank", "setCustomScale", "setGamma", "setInverted", "COLOR_MAPS_ALL"]],
        FrameScaling: [ReflectionKind.Enum, ["LINEAR", "LOG", "SQRT", "SQUARE", "POWER", "GAMMA"]],
        RegionSetStore: [ReflectionKind.Class, ["regions", "selectedRegion", "addPointRegion", "addRectangularRegion", "addEllipticalRegion", "addPolygonRegion", "addLineRegion", "deleteRegion", "selectRegion"]],
        RegionStore: [ReflectionKind.Class, ["regionId", "regionType", "center", "size", "rotation", "name", "color", "setCenter", "setSize", "setRotation", "setName", "setColor"]],
        RegionType: [ReflectionKind.Enum, ["POINT", "LINE", "POLYLINE", "RECTANGLE", "ELLIPSE", "ANNULUS", "POLYGON"]],
        ImageFittingStore: [ReflectionKind.Class, ["components", "fitResult", "isFitting", "setComponents", "fitImage", "clearFitResult"]],
        FittingComponentStore: [ReflectionKind.Class, ["center", "amplitude", "fwhm", "pa", "setCenterX", "setCenterY", "setAmplitude", "setFwhmX", "setFwhmY", "setPa"]],
        FitResult: [ReflectionKind.Interface, []],
        ImageViewConfigStore: [ReflectionKind.Class, ["colorBlendingImages", "createColorBlending", "removeColorBlending"]],
        ColorBlendingStore: [ReflectionKind.Class, ["layers", "addSelectedLayer", "setAlpha", "setColorMap", "deleteSelectedLayer"]],
        PreferenceStore: [ReflectionKind.Class, ["setPreference", "codeSnippetsEnabled"]],
        SnippetStore: [ReflectionKind.Class, ["snippets", "addSnippet", "runSnippet"]],
        LogStore: [ReflectionKind.Class, ["addInfo", "addWarning", "addError"]],
        WidgetsStore: [ReflectionKind.Class, []],
        LayoutStore: [ReflectionKind.Class, []],
        AlertStore: [ReflectionKind.Class, []],
        AnimatorStore: [ReflectionKind.Class, []],
        AnimationMode: [ReflectionKind.Enum, []],
        ContourConfigStore: [ReflectionKind.Class, []],
        OverlayStore: [ReflectionKind.Class, []],
        CatalogStore: [ReflectionKind.Class, []],
        MomentRequest: [ReflectionKind.Interface, ["moments", "axis", "spectralRange", "mask", "pixelRange", "keep"]],
        Moment: [ReflectionKind.Enum, ["MEAN_COORDINATE", "INTEGRATED_OF_THE_SPECTRUM"]],
        MomentMask: [ReflectionKind.Enum, ["None", "Include", "Exclude"]],
        PVRequest: [ReflectionKind.Interface, ["regionId", "width", "reverse", "keep", "spectralRange"]]
    },
    models: {
        ...Object.fromEntries(
            ["Workspace", "WorkspaceFile", "WorkspaceRegion", "WorkspaceListItem", "WorkspaceRenderConfig", "WorkspaceContourConfig", "WorkspaceVectorOverlayConfig", "CatalogInfo", "SpectralLine", "HipsSurvey"].map(name => [name, [ReflectionKind.Interface, []]])
        ),
        Point2D: [ReflectionKind.Interface, ["x", "y"]],
        ColorMapName: [ReflectionKind.TypeAlias, []],
        WORKSPACE_SCHEMA_VERSION: [ReflectionKind.Variable, []]
    },
    services: {
        ...Object.fromEntries(["BackendService", "CatalogApiService", "ScriptingService", "TelemetryService", "TileService", "WebGLService"].map(name => [name, [ReflectionKind.Class, ["Instance"]]])),
        ConnectionStatus: [ReflectionKind.Enum, []]
    },
    utilities: {
        ...Object.fromEntries(
            ["add2D", "subtract2D", "scale2D", "length2D", "dot2D", "rotate2D", "midpoint2D", "formattedFrequency", "formattedArcsec", "toFixed", "clamp", "findHeaderValue", "tileKey", "mipLevelForZoom", "smoothGaussian", "histogramFromData", "gaussian2D", "createTextureFromArray"].map(
                name => [name, [ReflectionKind.Function, []]]
            )
        ),
        TileCoordinate: [ReflectionKind.Class, []],
        FrequencyUnit: [ReflectionKind.Enum, []],
        HistogramBins: [ReflectionKind.Interface, []]
    },
    components: {
        ...Object.fromEntries(
            [
                ...["Animator", "CatalogOverlay", "CursorInfo", "ImageView", "LayerList", "Log", "RegionList", "RenderConfig", "SpatialProfiler", "SpectralProfiler"],
                ...["StokesAnalysis", "SpectralLineQuery", "PvGenerator", "Fitting", "FileInfo"]
            ].map(name => [`${name}Component`, [ReflectionKind.Class, ["WIDGET_CONFIG", "render"]]])
        ),
        ImageViewComponentProps: [ReflectionKind.Interface, []]
    },
    "components/Dialogs": {
        ...Object.fromEntries(
            ["About", "CodeSnippet", "Contour", "FileBrowser", "Preference", "Region", "SaveImage", "Telemetry", "VectorOverlay", "Workspace"].map(name => [`${name}DialogComponent`, [ReflectionKind.Class, ["render"]]])
        ),
        WorkspaceDialogMode: [ReflectionKind.Enum, ["Save", "Open"]]
    },
    "components/Shared": {
        ...Object.fromEntries(["ColormapComponent", "SafeNumericInput", "ClearableNumericInput", "TaskProgressDialogComponent"].map(name => [name, [ReflectionKind.Class, ["render"]]])),
        copyToClipboard: [ReflectionKind.Function, []]
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
    });

    it("imports nothing from outside its own source tree", () => {
        const external = sourceFiles(path.join(root, "src")).flatMap(file =>
            [...readFileSync(file, "utf8").matchAll(/\bfrom\s+"([^"]+)"/g)].map(match => match[1]).filter(specifier => !specifier.startsWith(".")).map(specifier => `${file}: ${specifier}`)
        );
        expect(external).toEqual([]);
    });

    it("converts with TypeDoc without warnings or errors", () => {
        expect({warnings: app.logger.warningCount, errors: app.logger.errorCount}).toEqual({warnings: 0, errors: 0});
    });

    it("exports a sane number of items from the eight entry points", () => {
        expect(project.children?.map(module => module.name).sort()).toEqual(["components", "components/Dialogs", "components/Shared", "index", "models", "services", "stores", "utilities"]);
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
        expect(value("stores.Moment.MEAN_COORDINATE")).toBe(0);
        expect(child("stores.Moment")!.children!.length).toBeGreaterThanOrEqual(5);
        expect(["Save", "Open"].map(member => value(`components/Dialogs.WorkspaceDialogMode.${member}`))).toEqual(["save", "open"]);
        expect(child("stores.PVRequest.spectralRange")!.flags.isOptional).toBe(true);
        expect(child("stores.AppStore.Instance")!.flags.isStatic).toBe(true);
        const colorMaps = child("stores.RenderConfigStore.COLOR_MAPS_ALL")!;
        expect([colorMaps.flags.isStatic, colorMaps.flags.isReadonly]).toEqual([true, true]);
    });

    it("leaves private, protected and @internal members out of the reference", () => {
        const hidden = ["services.BackendService.handleMessage", "services.BackendService.request", "stores.RegionStore.setRegionId", "stores.FrameStore.setRenderSize", "stores.AbstractWidgetStore.MIN_SIZE"];
        expect(hidden.filter(name => child(name))).toEqual([]);
    });

    it("documents every exported item and resolves every link", () => {
        const undocumented = project.children!.flatMap(module => module.children ?? []).filter(item => !(item.comment ?? item.signatures?.[0].comment)?.summary.length);
        expect(undocumented.map(item => item.getFullName())).toEqual([]);
        const broken = Object.values(project.reflections).flatMap(reflection =>
            [...(reflection.comment?.summary ?? []), ...(reflection.comment?.blockTags.flatMap(tag => tag.content) ?? [])]
                .filter(part => part.kind === "inline-tag" && part.tag === "@link" && !part.target)
                .map(part => `${reflection.getFullName()}: ${part.text}`)
        );
        expect(broken).toEqual([]);
    });

    it("uses the documentation constructs the reference must render", () => {
        expect(child("stores.AppStore.openFile")!.signatures).toHaveLength(2);
        expect(child("utilities.findHeaderValue")!.signatures).toHaveLength(3);
        expect(child("stores.RegionSetStore.addPolygonalRegion")!.signatures![0].comment!.getTag("@deprecated")).toBeDefined();
        expect(child("stores.AppStore")!.comment!.getTag("@see")).toBeDefined();
        expect(child("stores.AbstractWidgetStore")!.flags.isAbstract).toBe(true);
        expect(child("utilities.TileCoordinate")!.implementedTypes?.map(type => type.toString())).toEqual(["Point2D"]);
        expect(child("models.SpectralLine")!.indexSignatures).toHaveLength(1);
        expect(child("services.MessageHandler")!.signatures).toHaveLength(1);
        expect(child("services.ScriptingService.call")!.signatures![0].parameters![2].flags.isRest).toBe(true);
        expect(child("stores.WidgetsStore.getWidget")!.signatures![0].typeParameters![0].default?.toString()).toBe("AbstractWidgetStore");
        expect(child("stores.AnimatorStore.frameRate")!.setSignature).toBeDefined();
        const examples = Object.values(project.reflections).flatMap(reflection => reflection.comment?.getTags("@example") ?? []);
        expect(examples.some(tag => tag.content.some(part => part.kind === "code" && part.text.startsWith("```ts")))).toBe(true);
    });
});

describe("sample viewer metadata", () => {
    it("is a private carta-frontend 5.0.0 package without dependencies", () => {
        const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
        expect([manifest.name, manifest.version, manifest.private]).toEqual(["carta-frontend", "5.0.0", true]);
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
