import type { ApiParameter, ApiSignature } from "../../cli/api/model.ts";
import { signatureTokens } from "../../cli/api/typeText.ts";
import { CodeBlock, CommentView, Markdown, NamedTable, TypeParametersTable, TypeView, type NamedRow } from "./parts.tsx";
import type { ApiArticleProps } from "./props.ts";

type Props = Pick<ApiArticleProps, "href" | "md">;

/** One signature: the code line, its comment, type parameters, parameters and return value. */
export function SignatureView({ signature, name, href, md }: Props & { signature: ApiSignature; name: string }) {
  // A getter's type is already on its code line.
  const returns = signature.kind === "call" ? signature.returns : undefined;
  return (
    <div className="api-signature">
      <CodeBlock className="api-signature-code" tokens={signatureTokens(signature, name)} href={href} />
      <CommentView comment={signature.comment} md={md} />
      <TypeParametersTable parameters={signature.typeParameters} href={href} md={md} />
      <ParametersTable parameters={signature.parameters} href={href} md={md} />
      {returns && (
        <div className="api-returns">
          <p>
            <strong>Returns</strong> <TypeView type={returns} href={href} />
          </p>
          <Markdown markdown={signature.comment?.returns} md={md} />
        </div>
      )}
    </div>
  );
}

function ParametersTable({ parameters, href, md }: Props & { parameters: ApiParameter[] }) {
  const rows = parameters.map(
    (parameter): NamedRow => ({
      name: `${parameter.rest ? "..." : ""}${parameter.name}${parameter.optional && !parameter.rest ? "?" : ""}`,
      type: parameter.type && <TypeView type={parameter.type} href={href} />,
      default: parameter.defaultValue !== undefined ? <code>{parameter.defaultValue}</code> : undefined,
      description: parameter.description,
    }),
  );
  return <NamedTable className="api-parameters" headings={["Parameter", "Type"]} rows={rows} md={md} />;
}
