/**
 * Stand-in for the `react` package: the part of React's component API the sample's components use.
 *
 * @remarks
 * The real viewer imports React from a dependency, so it is not part of its API reference. Likewise no area index
 * exports this module, and the reference gets no pages for it.
 */

/** What a component's render method returns: a description of the elements to draw. */
export interface ReactElement {
    /** Tag name of a built-in element, or the component. */
    readonly type: unknown;
    /** Attributes and children of the element. */
    readonly props: object;
}

// The sample writes its views in TSX without the React package; these declarations give TSX its types.
declare global {
    namespace JSX {
        interface Element extends ReactElement {}
        interface ElementClass {
            render(): ReactElement | null;
        }
        interface ElementAttributesProperty {
            props: object;
        }
        interface ElementChildrenAttribute {
            children: object;
        }
        interface IntrinsicAttributes {
            key?: string | number;
        }
        interface IntrinsicElements {
            [tagName: string]: Record<string, unknown>;
        }
    }
}

/** A class component: a view computed from properties, state and the stores. */
export abstract class Component<P extends object = {}, S extends object = {}> {
    /** The component's own state. */
    declare state: Readonly<S>;

    /** @param props - The properties from the element. */
    constructor(readonly props: Readonly<P>) {}

    /** Describes what the component shows, or returns `null` to show nothing. */
    abstract render(): ReactElement | null;

    /** Merges changes into the component's state, which draws the component again. */
    setState(changes: Partial<S>): void {
        this.state = {...this.state, ...changes};
    }
}
