import { Fragment } from "react";
import { API_MEMBER_KINDS, type ApiItem, type ApiType } from "../../cli/api/model.ts";
import { declarationTokens } from "../../cli/api/typeText.ts";
import { groupId, KIND_LABELS, MEMBER_GROUPS } from "./labels.ts";
import { MemberView } from "./MemberView.tsx";
import { Badges, CodeBlock, CommentView, HistoryBadges, SourceLinks, TypeParametersTable, TypeView } from "./parts.tsx";
import type { ApiArticleProps } from "./props.ts";
import { SignatureView } from "./SignatureView.tsx";
import { UsedIn } from "./UsedIn.tsx";

/** The page of a class, interface, enum or function. */
export function ApiItemArticle({ item, href, md, history, usedIn }: ApiArticleProps & { item: ApiItem }) {
  return (
    <article className={`api-article api-item api-item-${item.kind}`}>
      <header className="api-header">
        <p className="api-eyebrow">{KIND_LABELS[item.kind].one}</p>
        <h1 className="api-title">{item.name}</h1>
        <Badges flags={item.flags} />
        <HistoryBadges badges={history.item(item)} />
      </header>
      {item.kind === "function" ? (
        item.signatures.map((signature, i) => (
          <SignatureView key={i} signature={signature} name={item.name} href={href} md={md} />
        ))
      ) : (
        <>
          <CodeBlock className="api-declaration" tokens={declarationTokens(item)} href={href} />
          <CommentView comment={item.comment} md={md} />
        </>
      )}
      {item.typeParameters.length > 0 && (
        <section className="api-section">
          <h2 id="api-type-parameters">Type parameters</h2>
          <TypeParametersTable parameters={item.typeParameters} href={href} md={md} />
        </section>
      )}
      <Hierarchy item={item} href={href} />
      {item.kind !== "function" && item.signatures.length > 0 && (
        <section className="api-section">
          <h2 id="api-call-signatures">Call signatures</h2>
          {item.signatures.map((signature, i) => (
            <SignatureView key={i} signature={signature} name="" href={href} md={md} />
          ))}
        </section>
      )}
      <SourceLinks sources={item.sources} />
      <UsedIn sites={usedIn?.(item.path) ?? []} heading="h2" />
      {memberGroups(item).map(({ title, members }) => (
        <section key={title} className="api-group">
          <h2 id={groupId(title)}>{title}</h2>
          {members.map((member) => (
            <MemberView key={member.anchor} member={member} item={item} href={href} md={md} {...(usedIn && { usedIn })} badges={history.member(item, member)} />
          ))}
        </section>
      ))}
    </article>
  );
}

/** Members grouped by kind (Constructors, Properties, Accessors, Methods, enum Members), empty groups left out. */
export function memberGroups(item: ApiItem) {
  return API_MEMBER_KINDS.map((kind) => ({
    title: MEMBER_GROUPS[kind],
    members: item.members.filter((member) => member.kind === kind),
  })).filter((group) => group.members.length > 0);
}

function Hierarchy({ item, href }: Pick<ApiArticleProps, "href"> & { item: ApiItem }) {
  const rows: [string, ApiType[]][] = (
    [
      ["Extends", item.extends],
      ["Implements", item.implements],
      ["Extended by", item.extendedBy],
      ["Implemented by", item.implementedBy],
    ] as [string, ApiType[]][]
  ).filter(([, types]) => types.length > 0);
  if (rows.length === 0) return null;
  return (
    <section className="api-section api-hierarchy">
      <h2 id="api-hierarchy">Hierarchy</h2>
      <dl>
        {rows.map(([label, types]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>
              {types.map((type, i) => (
                <Fragment key={i}>
                  {i > 0 && ", "}
                  <TypeView type={type} href={href} />
                </Fragment>
              ))}
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
