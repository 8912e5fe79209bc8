import type { ApiKind, ApiMemberKind } from "../../cli/api/model.ts";

export const KIND_LABELS: Record<ApiKind, { one: string; many: string }> = {
  class: { one: "Class", many: "Classes" },
  interface: { one: "Interface", many: "Interfaces" },
  enum: { one: "Enumeration", many: "Enumerations" },
  function: { one: "Function", many: "Functions" },
  type: { one: "Type Alias", many: "Type Aliases" },
  variable: { one: "Variable", many: "Variables" },
};

export const MEMBER_GROUPS: Record<ApiMemberKind, string> = {
  constructor: "Constructors",
  property: "Properties",
  accessor: "Accessors",
  method: "Methods",
  enumMember: "Members",
};

/**
 * Id of a group heading. Prefixed because member anchors are bare member names, and a member
 * may well be called "methods".
 */
export function groupId(title: string): string {
  return `api-${title.toLowerCase().replaceAll(" ", "-")}`;
}
