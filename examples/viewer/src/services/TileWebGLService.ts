import {createTextureFromArray} from "../utilities";

/**
 * Owns the WebGL2 context the image view draws raster tiles with, and the GPU textures made from them.
 *
 * @remarks
 * One off-screen context is shared by all image panels, because browsers limit how many contexts a page may hold.
 */
export class TileWebGLService {
    private static staticInstance?: TileWebGLService;

    /** The shared instance. */
    static get Instance(): TileWebGLService {
        return (TileWebGLService.staticInstance ??= new TileWebGLService());
    }

    /** The rendering context, or `null` when the browser does not support WebGL2 and images cannot be drawn. */
    readonly gl: WebGL2RenderingContext | null = document.createElement("canvas").getContext("webgl2");

    private readonly textures = new Map<string, WebGLTexture>();

    private constructor() {}

    /**
     * Uploads a square tile to the GPU, replacing any texture already stored under the key.
     *
     * @param key - Key the tile is cached under.
     * @returns The texture, or `null` when no context is available.
     */
    uploadTile(key: string, data: Float32Array, size: number): WebGLTexture | null {
        this.releaseTexture(key);
        const texture = this.gl && createTextureFromArray(this.gl, data, size, size);
        if (texture) {
            this.textures.set(key, texture);
        }
        return texture;
    }

    /** Frees the GPU memory of a tile's texture. */
    releaseTexture(key: string): void {
        this.gl?.deleteTexture(this.textures.get(key) ?? null);
        this.textures.delete(key);
    }
}
