/** An inclusive range of numbers, such as a channel range or a range of pixel values. */
export type NumberRange = {
    /** Lower end of the range. */
    min: number;
    /** Upper end of the range. */
    max: number;
};
