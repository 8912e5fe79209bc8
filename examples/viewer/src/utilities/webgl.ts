/**
 * Uploads a single-channel array as a WebGL texture, the way raster tiles reach the GPU.
 *
 * @remarks
 * Float data is stored as 32-bit float texels so pixel values survive unchanged for the shader's scaling step;
 * bytes are stored as 8-bit texels. Sampling is nearest-neighbour so pixels stay crisp when zoomed in.
 * @param gl - The rendering context.
 * @param data - Texel values in row order, `width × height` of them.
 * @param width - Texture width in texels.
 * @param height - Texture height in texels.
 * @param textureUnit - Index of the texture unit to bind to; 0 is `TEXTURE0`.
 * @returns The texture, or `null` if the context could not create one (for example after a context loss).
 */
export function createTextureFromArray(gl: WebGL2RenderingContext, data: Float32Array | Uint8Array, width: number, height: number, textureUnit: number = 0): WebGLTexture | null {
    const texture = gl.createTexture();
    if (!texture) {
        return null;
    }
    const isFloat = data instanceof Float32Array;
    gl.activeTexture(gl.TEXTURE0 + textureUnit);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, isFloat ? gl.R32F : gl.R8, width, height, 0, gl.RED, isFloat ? gl.FLOAT : gl.UNSIGNED_BYTE, data);
    for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) {
        gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
    }
    for (const parameter of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) {
        gl.texParameteri(gl.TEXTURE_2D, parameter, gl.CLAMP_TO_EDGE);
    }
    return texture;
}
