import type { ApiItem, ApiMember, ApiReferenceType } from "../../cli/api/model.ts";
import { typeTokens, type TypeToken } from "../../cli/api/typeText.ts";
import type { ApiBadge } from "../../cli/pages/pages.ts";
import { Badges, CodeBlock, CommentView, HistoryBadges, SourceLinks, TypeView } from "./parts.tsx";
import type { ApiArticleProps } from "./props.ts";
import { SignatureView } from "./SignatureView.tsx";
import { UsedIn } from "./UsedIn.tsx";

type Props = Pick<ApiArticleProps, "href" | "md" | "usedIn">;

/** A member of a class, interface or enum, in a section whose id is the member's name. */
export function MemberView({ member, item, href, md, usedIn, badges }: Props & { member: ApiMember; item: ApiItem; badges: readonly ApiBadge[] }) {
  const code = memberCode(member);
  const name = member.kind === "constructor" ? `new ${item.name}` : member.name;
  return (
    <section id={member.anchor} className={`api-member api-member-${member.kind}`}>
      <h3 className="api-member-title">
        <a className="api-anchor" href={href(`${item.path}#${member.anchor}`)}>
          {member.name}
        </a>
        <Badges flags={member.flags} />
        <HistoryBadges badges={badges} />
      </h3>
      {code && <CodeBlock className="api-signature-code" tokens={code} href={href} />}
      <CommentView comment={member.comment} md={md} />
      {member.signatures.map((signature, i) => (
        <SignatureView key={i} signature={signature} name={name} href={href} md={md} />
      ))}
      <Relation label="Inherited from" reference={member.inheritedFrom} href={href} />
      <Relation label="Overrides" reference={member.overwrites} href={href} />
      <Relation label="Implementation of" reference={member.implementationOf} href={href} />
      <SourceLinks sources={member.sources} />
      <UsedIn sites={usedIn?.(`${item.path}#${member.anchor}`) ?? []} heading="h4" />
    </section>
  );
}

/** The declaration line of members that have no signatures: properties and enum members. */
function memberCode(member: ApiMember): TypeToken[] | undefined {
  if (member.kind === "enumMember") {
    return [{ text: member.value === undefined ? member.name : `${member.name} = ${member.value}` }];
  }
  if (member.kind !== "property") return undefined;
  const head = `${member.flags.includes("static") ? "static " : ""}${member.flags.includes("readonly") ? "readonly " : ""}`;
  return [
    { text: `${head}${member.name}${member.flags.includes("optional") ? "?" : ""}: ` },
    ...(member.type ? typeTokens(member.type) : [{ text: "unknown" }]),
    ...(member.defaultValue !== undefined ? [{ text: ` = ${member.defaultValue}` }] : []),
  ];
}

function Relation({ label, reference, href }: Pick<Props, "href"> & { label: string; reference: ApiReferenceType | undefined }) {
  if (!reference) return null;
  return (
    <p className="api-relation">
      {label} <TypeView type={reference} href={href} />
    </p>
  );
}
