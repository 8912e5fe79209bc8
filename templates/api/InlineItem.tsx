import { itemLocation, type ApiItem } from "../../cli/api/model.ts";
import { declarationTokens } from "../../cli/api/typeText.ts";
import { Badges, CodeBlock, CommentView, HistoryBadges, SourceLinks, TypeParametersTable } from "./parts.tsx";
import type { ApiArticleProps } from "./props.ts";
import { SignatureView } from "./SignatureView.tsx";
import { UsedIn } from "./UsedIn.tsx";

/**
 * An item documented in full on a shared page, under its own anchor: type aliases and variables on their
 * area page, the index file's exports on the landing page.
 */
export function InlineItem({ item, href, md, history, usedIn }: Pick<ApiArticleProps, "href" | "md" | "history" | "usedIn"> & { item: ApiItem }) {
  return (
    <section id={item.anchor ?? item.name} className={`api-member api-inline api-inline-${item.kind}`}>
      <h3 className="api-member-title">
        <a className="api-anchor" href={href(itemLocation(item))}>
          {item.name}
        </a>
        <Badges flags={item.flags} />
        <HistoryBadges badges={history.item(item)} />
      </h3>
      {item.kind === "function" ? (
        item.signatures.map((signature, i) => (
          <SignatureView key={i} signature={signature} name={item.name} href={href} md={md} />
        ))
      ) : (
        <>
          <CodeBlock className="api-declaration" tokens={declarationTokens(item)} href={href} />
          <CommentView comment={item.comment} md={md} />
          <TypeParametersTable parameters={item.typeParameters} href={href} md={md} />
        </>
      )}
      <SourceLinks sources={item.sources} />
      <UsedIn sites={usedIn?.(itemLocation(item)) ?? []} heading="h4" />
    </section>
  );
}
