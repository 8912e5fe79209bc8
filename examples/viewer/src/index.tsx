/**
 * Entry point of the viewer: connects to the backend and draws the root view. Like the real entry point it exports
 * nothing; the application store makes itself reachable as the globals `app` and `carta`.
 *
 * @packageDocumentation
 */
import {ImageViewComponent, LogComponent, RenderConfigComponent} from "./components";
import {BackendService} from "./services";
import {AppStore} from "./stores";

const socketUrl = new URLSearchParams(location.search).get("socketUrl") ?? `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
BackendService.Instance.connect(socketUrl).catch(error => AppStore.Instance.alertStore.showAlert(`Could not connect to the CARTA backend: ${String(error)}`));

// What the page draws: the image view with the default widgets docked beside it.
void (
    <main className="App">
        <ImageViewComponent id="image-view-0" docked={true} />
        <RenderConfigComponent id="render-config-0" docked={true} />
        <LogComponent id="log-0" docked={true} />
    </main>
);
