import type {CARTA} from "../../protobuf/carta";
import * as React from "../../react/React";

/** The kinds of information the file information panel can show. */
export enum FileInfoType {
    IMAGE_FILE = "image-file",
    IMAGE_HEADER = "image-header",
    SAVE_IMAGE = "save-image",
    REGION_FILE = "region-file",
    SELECT_REGION = "select-region",
    CATALOG_FILE = "catalog-file",
    CATALOG_HEADER = "catalog-header"
}

/** The file information panel of the file browser and the file header dialog: a file's summary and header cards. */
export class FileInfoComponent extends React.Component<{infoTypes: FileInfoType[]; fileInfoExtended: CARTA.IFileInfoExtended; isLoading: boolean; errorMessage: string}> {
    render(): React.ReactElement {
        const {fileInfoExtended, errorMessage} = this.props;
        const lines = errorMessage ? [errorMessage] : fileInfoExtended.headerEntries.map(entry => `${entry.name} = ${entry.value}`);
        return <pre className="file-info">{lines.join("\n")}</pre>;
    }
}
