/** Small pieces shared by the API articles: markdown, types with links, badges, comments, sources. */
import { Fragment, type ReactNode } from "react";
import type { ApiComment, ApiSource, ApiType, ApiTypeParameter } from "../../cli/api/model.ts";
import { typeTokens, type TypeToken } from "../../cli/api/typeText.ts";
import type { ApiBadge } from "../../cli/pages/pages.ts";
import type { ApiArticleProps } from "./props.ts";

type Href = ApiArticleProps["href"];
type Md = ApiArticleProps["md"];

export function Markdown({ markdown, md, className }: { markdown: string | undefined; md: Md; className?: string }) {
  if (!markdown?.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: md(markdown) }} />;
}

/** TypeScript text whose references to documented items are links. */
function Tokens({ tokens, href }: { tokens: TypeToken[]; href: Href }) {
  return (
    <>
      {tokens.map((token, i) =>
        token.target === undefined ? (
          <Fragment key={i}>{token.text}</Fragment>
        ) : (
          <a key={i} className="api-type-link" href={href(token.target)}>
            {token.text}
          </a>
        ),
      )}
    </>
  );
}

export function TypeView({ type, href }: { type: ApiType; href: Href }) {
  return (
    <code className="api-type">
      <Tokens tokens={typeTokens(type)} href={href} />
    </code>
  );
}

/** Declarations and signatures, as a code block. */
export function CodeBlock({ tokens, href, className }: { tokens: TypeToken[]; href: Href; className: string }) {
  return (
    <pre className={className}>
      <code>
        <Tokens tokens={tokens} href={href} />
      </code>
    </pre>
  );
}

export function Badges({ flags }: { flags: readonly string[] }) {
  if (flags.length === 0) return null;
  return (
    <span className="api-badges">
      {flags.map((flag) => (
        <span key={flag} className={`api-badge api-badge-${flag}`}>
          {flag}
        </span>
      ))}
    </span>
  );
}

/** "Added in 5.0.0", "Removed in next": each links to the entry on that version's changes page. */
export function HistoryBadges({ badges }: { badges: readonly ApiBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <span className="api-badges api-history">
      {badges.map((badge) => (
        <a key={badge.href} className={`api-badge api-badge-${badge.change}`} href={badge.href}>
          {badge.text}
        </a>
      ))}
    </span>
  );
}

/** The link to this version's changes page, as the landing and changelog pages show it. */
export function ChangesLink({ history }: { history: ApiArticleProps["history"] }) {
  return (
    <p className="api-changes-link">
      <a href={history.changesHref}>{history.previousLabel ? `What changed in the API since ${history.previousLabel}` : "API changes"}</a>
    </p>
  );
}

export function SourceLinks({ sources }: { sources: ApiSource[] }) {
  if (sources.length === 0) return null;
  return (
    <p className="api-sources">
      Defined in{" "}
      {sources.map((source, i) => (
        <Fragment key={i}>
          {i > 0 && ", "}
          {source.url ? <a href={source.url}>{`${source.file}:${source.line}`}</a> : <code>{`${source.file}:${source.line}`}</code>}
        </Fragment>
      ))}
    </p>
  );
}

/** Summary, deprecation, remarks, examples and other block tags of a comment (`@returns` is shown by signatures). */
export function CommentView({ comment, md }: { comment: ApiComment | undefined; md: Md }) {
  if (!comment) return null;
  const blocks: [string, string][] = [
    ...(comment.remarks ? [["Remarks", comment.remarks] as [string, string]] : []),
    ...comment.examples.map((example): [string, string] => ["Example", example]),
    ...comment.blockTags.map(({ tag, markdown }): [string, string] => [tagTitle(tag), markdown]),
    ...comment.see.map((see): [string, string] => ["See also", see]),
  ];
  return (
    <div className="api-comment">
      {comment.deprecated !== undefined && (
        <div className="api-deprecated" role="note">
          <strong>Deprecated</strong>
          <Markdown markdown={comment.deprecated} md={md} />
        </div>
      )}
      <Badges flags={comment.modifiers} />
      <Markdown className="api-summary" markdown={comment.summary} md={md} />
      {blocks.length > 0 && (
        <dl className="api-tags">
          {blocks.map(([title, markdown], i) => (
            <Fragment key={i}>
              <dt>{title}</dt>
              <dd>
                <Markdown markdown={markdown} md={md} />
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
    </div>
  );
}

function tagTitle(tag: string): string {
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}

/** A row of a table of named things: a parameter or a type parameter. */
export interface NamedRow {
  name: string;
  type?: ReactNode;
  default?: ReactNode;
  description?: string;
}

/** Name, type, default (a column only when some row has one) and description of each row. */
export function NamedTable({ className, headings, rows, md }: { className: string; headings: [name: string, type: string]; rows: NamedRow[]; md: Md }) {
  if (rows.length === 0) return null;
  const hasDefaults = rows.some((row) => row.default !== undefined);
  return (
    <table className={`api-table ${className}`}>
      <thead>
        <tr>
          <th>{headings[0]}</th>
          <th>{headings[1]}</th>
          {hasDefaults && <th>Default</th>}
          <th>Description</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>
              <code>{row.name}</code>
            </td>
            <td>{row.type}</td>
            {hasDefaults && <td>{row.default}</td>}
            <td>
              <Markdown markdown={row.description} md={md} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TypeParametersTable({ parameters, href, md }: { parameters: ApiTypeParameter[]; href: Href; md: Md }) {
  const rows = parameters.map(
    (parameter): NamedRow => ({
      name: parameter.name,
      type: parameter.constraint && <TypeView type={parameter.constraint} href={href} />,
      default: parameter.default && <TypeView type={parameter.default} href={href} />,
      description: parameter.description,
    }),
  );
  return <NamedTable className="api-type-parameters" headings={["Type parameter", "Constraint"]} rows={rows} md={md} />;
}
