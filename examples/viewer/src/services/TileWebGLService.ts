/** The WebGL 2 context the raster tiles are drawn with, shared by all image views. */
export class TileWebGLService {
    private static staticInstance?: TileWebGLService;

    /** The shared instance. */
    static get Instance(): TileWebGLService {
        return (TileWebGLService.staticInstance ??= new TileWebGLService());
    }

    /** The context, or `null` when the browser has no WebGL 2. */
    readonly gl: WebGL2RenderingContext | null = document.createElement("canvas").getContext("webgl2");

    /** Resizes the drawing canvas, in device pixels. */
    setCanvasSize = (width: number, height: number): void => {
        if (this.gl && (this.gl.canvas.width !== width || this.gl.canvas.height !== height)) {
            this.gl.canvas.width = width;
            this.gl.canvas.height = height;
        }
    };
}
