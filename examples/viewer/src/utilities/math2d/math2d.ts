import type {Point2D} from "../../models";

/**
 * Adds two vectors component by component.
 *
 * @example
 * Move a region ten pixels to the right:
 * ```ts
 * region.setCenter(add2D(region.center, {x: 10, y: 0}));
 * ```
 */
export function add2D(a: Point2D, b: Point2D): Point2D {
    return {x: a.x + b.x, y: a.y + b.y};
}

/** Returns the vector from `b` to `a`, i.e. `a - b`. */
export function subtract2D(a: Point2D, b: Point2D): Point2D {
    return {x: a.x - b.x, y: a.y - b.y};
}

/** Multiplies both components of a vector by `s`. */
export function scale2D(a: Point2D, s: number): Point2D {
    return {x: a.x * s, y: a.y * s};
}

/** Returns the Euclidean length of a vector; the distance between two points is `length2D(subtract2D(a, b))`. */
export function length2D(a: Point2D): number {
    return Math.hypot(a.x, a.y);
}

/** Returns the dot product of two vectors. */
export function dot2D(a: Point2D, b: Point2D): number {
    return a.x * b.x + a.y * b.y;
}

/**
 * Rotates a vector counter-clockwise about the origin.
 *
 * @param point - The vector to rotate.
 * @param theta - Rotation angle in radians; region rotations are stored in degrees, so convert them first.
 * @returns A new vector; `point` is left unchanged.
 */
export function rotate2D(point: Point2D, theta: number): Point2D {
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    return {x: point.x * cos - point.y * sin, y: point.x * sin + point.y * cos};
}

/** Returns the point halfway between `a` and `b`, such as the centre of a line region. */
export function midpoint2D(a: Point2D, b: Point2D): Point2D {
    return scale2D(add2D(a, b), 0.5);
}
