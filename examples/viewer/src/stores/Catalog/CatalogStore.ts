/** The loaded source catalogs, by catalog file id, and which images they are drawn on. */
export class CatalogStore {
    private static staticInstance?: CatalogStore;

    /** The viewer's single catalog store. */
    static get Instance(): CatalogStore {
        return (CatalogStore.staticInstance ??= new CatalogStore());
    }

    /** Number of sources of each loaded catalog, by catalog file id. */
    catalogCounts = new Map<number, number>();
    /** The catalogs drawn on each image: catalog file ids by image file id. */
    imageAssociatedCatalogId = new Map<number, number[]>();

    /** Registers a loaded catalog of `size` sources. */
    addCatalog(fileId: number, size: number): void {
        this.catalogCounts.set(fileId, size);
    }

    /** Unloads a catalog. */
    removeCatalog(fileId: number, catalogComponentId?: string): void {
        this.catalogCounts.delete(fileId);
    }

    /** Unloads the catalogs drawn on an image, when the image closes. */
    closeAssociatedCatalog(imageFileId: number): void {
        this.imageAssociatedCatalogId.get(imageFileId)?.forEach(fileId => this.removeCatalog(fileId));
        this.imageAssociatedCatalogId.delete(imageFileId);
    }
}
