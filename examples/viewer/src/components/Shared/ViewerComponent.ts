/** What a component's render method returns: a description of the elements to draw, not the elements themselves. */
export interface ViewElement {
    /** Tag name of a built-in element, or the component class. */
    readonly type: unknown;
    /** Attributes and children of the element. */
    readonly props: object;
}

// The viewer writes its views in TSX without depending on a UI library; these declarations give TSX its types.
declare global {
    namespace JSX {
        interface Element extends ViewElement {}
        interface ElementClass {
            render(): ViewElement | null;
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

/**
 * Base class of the viewer's user-interface components: a view computed from properties, state and the stores.
 *
 * @remarks
 * Components read the stores (mostly through `AppStore.Instance`) while rendering and are drawn again when what
 * they read changes. Their own short-lived state, such as the text being typed into a field, lives in their
 * protected `state`.
 * @typeParam P - The properties the component is created with.
 * @typeParam S - The component's own state.
 */
export abstract class ViewerComponent<P extends object = {}, S extends object = {}> {
    /** The component's own state; replace parts of it with `setState`. */
    declare protected state: Readonly<S>;

    /**
     * Creates the component; the view layer does this when the component's element is first drawn.
     *
     * @param props - The properties from the element.
     */
    constructor(readonly props: Readonly<P>) {}

    /** Called once the component's elements are on the page, for example to measure them or subscribe to data. */
    componentDidMount?(): void;

    /** Called just before the component is removed, to release what `componentDidMount` set up. */
    componentWillUnmount?(): void;

    /** Describes what the component shows, or returns `null` to show nothing. */
    abstract render(): ViewElement | null;

    /**
     * Merges changes into the component's state, which draws the component again.
     *
     * @param changes - The state fields to replace.
     */
    protected setState(changes: Partial<S>): void {
        this.state = {...this.state, ...changes};
    }
}
