/**
 * Uploads an array to a new texture, one value (or `components` values) per texel, laid out as close to a square
 * as possible; a short last row is padded.
 *
 * @param gl - The WebGL 2 context.
 * @param data - The values: floats, or bytes such as colour map indices.
 * @param texIndex - The texture unit to bind it to, such as `WebGL2RenderingContext.TEXTURE0`.
 * @param components - Values per texel, from 1 to 4.
 * @returns The texture, or `null` when the array length is not a multiple of `components` or WebGL refuses.
 */
export function createTextureFromArray(gl: WebGL2RenderingContext, data: Float32Array | Uint8Array, texIndex: number = WebGL2RenderingContext.TEXTURE0, components: number = 1): WebGLTexture | null {
    const pixels = data.length / components;
    if (!Number.isInteger(pixels)) {
        return null;
    }
    // As square as possible: WebGL limits each side, not the area.
    const width = Math.ceil(Math.sqrt(pixels));
    const height = Math.ceil(pixels / width);
    const isFloat = data instanceof Float32Array;
    const padded = isFloat ? new Float32Array(width * height * components) : new Uint8Array(width * height * components);
    padded.set(data);
    const formats = [gl.RED, gl.RG, gl.RGB, gl.RGBA];
    const texture = gl.createTexture();
    gl.activeTexture(texIndex);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, isFloat ? [gl.R32F, gl.RG32F, gl.RGB32F, gl.RGBA32F][components - 1] : [gl.R8, gl.RG8, gl.RGB8, gl.RGBA8][components - 1], width, height, 0, formats[components - 1], isFloat ? gl.FLOAT : gl.UNSIGNED_BYTE, padded);
    for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) {
        gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
    }
    return texture;
}
