import type {CatalogInfo} from "../../models";

/** The loaded source catalogs, from files or online queries, by catalog id. */
export class CatalogStore {
    /** The loaded catalogs, by catalog id. */
    readonly catalogs = new Map<number, CatalogInfo>();

    /** Registers a loaded catalog, replacing one with the same id. */
    addCatalog(info: CatalogInfo): void {
        this.catalogs.set(info.fileId, info);
    }

    /** Unloads a catalog; returns whether one with that id was loaded. */
    removeCatalog(fileId: number): boolean {
        return this.catalogs.delete(fileId);
    }

    /** Returns the catalogs drawn on an image, such as those to unload when the image closes. */
    catalogsOfImage(imageFileId: number): CatalogInfo[] {
        return [...this.catalogs.values()].filter(catalog => catalog.imageFileId === imageFileId);
    }
}
