import type {Snippet, Workspace} from "../models";

/**
 * The viewer's HTTP API on the server: preferences, layouts, snippets and workspaces of the signed-in user.
 */
export class ApiService {
    private static staticInstance?: ApiService;

    /** The shared instance. */
    static get Instance(): ApiService {
        return (ApiService.staticInstance ??= new ApiService());
    }

    /** Stores one preference. */
    setPreference = async (key: string, value: any): Promise<boolean> => this.put(`preferences/${key}`, value);

    /** Stores a snippet under a name. */
    setSnippet = async (snippetName: string, snippet: Snippet): Promise<boolean> => this.put(`snippets/${snippetName}`, snippet);

    /** Fetches a workspace by name, or by its share key when `isKey` is true. */
    getWorkspace = async (name: string, isKey = false): Promise<Workspace | undefined> => {
        const response = await fetch(`/api/database/${isKey ? "share" : "workspace"}/${encodeURIComponent(name)}`);
        return response.ok ? ((await response.json()) as Workspace) : undefined;
    };

    /** Stores a workspace under a name; resolves to the stored workspace. */
    setWorkspace = async (workspaceName: string, workspace: Workspace): Promise<Workspace | undefined> => ((await this.put(`workspace/${workspaceName}`, workspace)) ? workspace : undefined);

    private async put(path: string, body: unknown): Promise<boolean> {
        const response = await fetch(`/api/database/${path}`, {method: "PUT", body: JSON.stringify(body)});
        return response.ok;
    }
}
