/**
 * Entry point of the viewer: creates the application store, connects to the backend and describes the root view.
 *
 * @packageDocumentation
 */
import {ImageViewComponent, LogComponent, RenderConfigComponent} from "./components";
import type {ViewElement} from "./components/Shared";
import {BackendService, ScriptingService} from "./services";
import {AppStore} from "./stores";

/** The application store; code snippets and the browser console see it as `app`. */
export const app: AppStore = AppStore.Instance;

// The console is a scripting surface too, so it gets the same `app` that code snippets see.
Object.assign(globalThis, {app});

/**
 * Starts the viewer: makes the application store reachable by external scripts and
 * connects to the backend.
 *
 * @param backendUrl - WebSocket address of the backend; by default the page's `socketUrl` query parameter, or
 *                     the host that served the page.
 * @returns The root view: the image view with the default widgets docked beside it.
 */
export async function startViewer(backendUrl: string = defaultBackendUrl()): Promise<ViewElement> {
    ScriptingService.Instance.attach(app);
    try {
        await BackendService.Instance.connect(backendUrl);
    } catch (error) {
        app.alertStore.showAlert(`Could not connect to the CARTA backend: ${String(error)}`);
    }
    return (
        <main className="App">
            <ImageViewComponent id="image-view-0" docked={true} />
            <RenderConfigComponent id="render-config-0" docked={true} />
            <LogComponent id="log-0" docked={true} />
        </main>
    );
}

function defaultBackendUrl(): string {
    const socketUrl = new URLSearchParams(location.search).get("socketUrl");
    return socketUrl ?? `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
}
